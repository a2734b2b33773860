// SDMX 2.1 REST on the release built from the pinned snapshots, through the production server:
// every message kind validates against the SDMX-ML 2.1 schemas with xmllint, a real SDMX client
// (R's rsdmx) reads the dataflows, a data structure and a data query, and the cells it reads are
// the release's own points.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { realRelease } from './support/release.js';
import { xmllint } from './support/sdmx-validate.js';
import { startServer, type RunningServer } from '../src/serve/server.js';

const MEDIA = {
  structure: 'application/vnd.sdmx.structure+xml;version=2.1',
  structureSpecific: 'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
  generic: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  csv: 'application/vnd.sdmx.data+csv;version=1.0.0',
};
const derivedNs = (flow: string, dim: string) =>
  `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=DALA:${flow}(1.0):ObsLevelDim:${dim}`;

interface PointRow {
  place: string;
  period: string;
  value: number | null;
  status: string;
  note: string | null;
  null_reason: string | null;
}

describe('SDMX 2.1 REST on the real release', () => {
  let server: RunningServer;
  let base: string;
  let db: Database.Database;
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    // Validating a message with xmllint takes seconds on a busy machine: a keep-alive timeout longer
    // than the pauses between requests keeps the client from reusing a connection the server is
    // closing (the close race of RFC 9112 section 9.3.1), which is not what this file tests.
    server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      limits: { keepAliveTimeoutMs: 600_000 },
    });
    base = `${server.url}/sdmx/2.1`;
    db = new Database(join(releasesDir, revision, 'store.sqlite'), { readonly: true });
  });
  after(async () => {
    db.close();
    await server.close();
  });
  const get = async (path: string, accept?: string) => {
    const res = await fetch(`${base}${path}`, { headers: accept ? { accept } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: await res.text(),
    };
  };
  const points = (metric: string, place: string): PointRow[] =>
    db
      .prepare(
        'SELECT * FROM points WHERE metric = ? AND place = ? ORDER BY period_start, period_end',
      )
      .all(metric, place) as PointRow[];

  test('every structure query (each resource kind, with and without references) answers a message that validates', async () => {
    const paths = [
      '/dataflow',
      '/dataflow/DALA',
      '/dataflow/DALA/population/latest?references=all',
      '/dataflow/all/grp_cumulative/1.0?references=descendants',
      '/datastructure/DALA/DSD_population/1.0?references=children',
      '/datastructure/DALA/all/all?references=parents',
      '/codelist/DALA/CL_AREA',
      '/codelist/all/all/all?references=parentsandsiblings',
      '/conceptscheme/DALA/CS_DALA/latest?references=datastructure',
    ];
    for (const path of paths) {
      const res = await get(path, MEDIA.structure);
      assert.equal(res.status, 200, path);
      assert.match(res.type, /^application\/vnd\.sdmx\.structure\+xml; version=2\.1/, path);
      assert.equal(await xmllint(res.body), '', path);
    }
    const all = (await get('/dataflow/DALA/population?references=all')).body;
    for (const part of [
      '<str:Dataflow id="population"',
      '<str:DataStructure id="DSD_population"',
      'id="CL_AREA"',
      'id="CL_OBS_STATUS"',
      '<str:ConceptScheme id="CS_DALA"',
    ])
      assert.ok(all.includes(part), part);
    for (const lang of ['en', 'ru', 'kk'])
      assert.ok(all.includes(`<com:Name xml:lang="${lang}">`), lang);
    // a dataflow's parents are its categorisations, and their other child the category scheme
    const family = (await get('/dataflow/DALA/population?references=parentsandsiblings')).body;
    for (const part of ['<str:Categorisation ', '<str:CategoryScheme '])
      assert.ok(family.includes(part), `parentsandsiblings: ${part}`);
    // every dataflow with every reference: each categorisation once, each structure once
    const count = (text: string, tag: string) => text.split(`<str:${tag} `).length - 1;
    const everything = (await get('/dataflow/all/all/all?references=all')).body;
    const categorisations = (await get('/categorisation')).body;
    const structures = (await get('/datastructure')).body;
    assert.equal(count(everything, 'Categorisation'), count(categorisations, 'Categorisation'));
    assert.equal(count(everything, 'DataStructure'), count(structures, 'DataStructure'));
    assert.ok(count(structures, 'DataStructure') > 400);
    const none = (await get('/dataflow/DALA/population')).body;
    assert.ok(
      !none.includes('<str:DataStructure '),
      'references=none (the default) answers the dataflow alone',
    );
  });

  test('data in every format validates: structure-specific against its derived schema for each observation dimension, generic against the SDMX schemas', async () => {
    for (const dim of ['TIME_PERIOD', 'AllDimensions', 'REF_AREA']) {
      const schema = await get(`/schema/dataflow/DALA/grp/1.0?dimensionAtObservation=${dim}`);
      assert.equal(schema.status, 200, dim);
      for (const detail of ['full', 'dataonly', 'serieskeysonly', 'nodata']) {
        const res = await get(
          `/data/grp/A.KZ+KZ-35+KZ-SOUTH-KAZAKHSTAN-LEGACY?dimensionAtObservation=${dim}&detail=${detail}&endPeriod=2019`,
        );
        assert.equal(res.status, 200, `${dim} ${detail}`);
        assert.match(res.type, /structurespecificdata\+xml/);
        assert.equal(
          await xmllint(res.body, { namespace: derivedNs('grp', dim), schema: schema.body }),
          '',
          `${dim} ${detail}`,
        );
        const generic = await get(
          `/data/grp/A.KZ+KZ-35+KZ-SOUTH-KAZAKHSTAN-LEGACY?dimensionAtObservation=${dim}&detail=${detail}&endPeriod=2019`,
          MEDIA.generic,
        );
        assert.equal(generic.status, 200);
        assert.equal(await xmllint(generic.body), '', `generic ${dim} ${detail}`);
      }
    }
    const broken = (await get('/data/grp/A.KZ')).body.replace(
      'OBS_STATUS="A"',
      'OBS_STATUS="final"',
    );
    const schema = (await get('/schema/dataflow/DALA/grp/1.0')).body;
    assert.notEqual(
      await xmllint(broken, { namespace: derivedNs('grp', 'TIME_PERIOD'), schema }),
      '',
      'the derived schema refuses a status outside the code list',
    );
  });

  test('a missing value is an observation with OBS_STATUS M and no OBS_VALUE, in XML and SDMX-CSV', async () => {
    const legacy = points('grp', 'KZ-SOUTH-KAZAKHSTAN-LEGACY').filter((p) => p.value === null);
    assert.ok(legacy.length > 0);
    const period = legacy[0]!.period;
    const xml = (
      await get(`/data/grp/A.KZ-SOUTH-KAZAKHSTAN-LEGACY?startPeriod=${period}&endPeriod=${period}`)
    ).body;
    assert.match(xml, new RegExp(`<Obs TIME_PERIOD="${period}" OBS_STATUS="M"[^>]*/>`));
    assert.doesNotMatch(xml, /OBS_VALUE/);
    const csv = parse(
      (
        await get(
          `/data/grp/A.KZ-SOUTH-KAZAKHSTAN-LEGACY?startPeriod=${period}&endPeriod=${period}`,
          MEDIA.csv,
        )
      ).body,
      { columns: true },
    ) as Record<string, string>[];
    assert.equal(csv.length, 1);
    assert.equal(csv[0]!['OBS_VALUE'], '');
    assert.equal(csv[0]!['OBS_STATUS'], 'M');
    assert.equal(
      csv[0]!['COMMENT'],
      [legacy[0]!.note, legacy[0]!.null_reason].filter(Boolean).join('; '),
    );
  });

  test('SDMX-CSV rows are the release points: each year-to-date span its own series, nine months as a time range with its Dala label', async () => {
    const res = await get('/data/grp_cumulative/.KZ?startPeriod=2022&endPeriod=2022', MEDIA.csv);
    assert.equal(res.status, 200);
    assert.match(res.type, /^application\/vnd\.sdmx\.data\+csv; version=1\.0\.0/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const expected = points('grp_cumulative', 'KZ').filter((p) => p.period.startsWith('2022'));
    assert.equal(rows.length, expected.length);
    // Dala's label: kept where TIME_PERIOD is a range; a half-year is Dala's H1, SDMX's S1
    const labelOf = (r: Record<string, string>) =>
      r['PERIOD_LABEL'] || r['TIME_PERIOD']!.replace(/-S([12])$/, '-H$1');
    const byLabel = new Map(rows.map((r) => [labelOf(r), r]));
    for (const p of expected)
      assert.equal(Number(byLabel.get(p.period)?.['OBS_VALUE']), p.value, p.period);
    assert.equal(byLabel.get('2022-9M')?.['TIME_PERIOD'], '2022-01-01/P9M');
    assert.equal(byLabel.get('2022-9M')?.['FREQ'], 'P9M');
    assert.equal(byLabel.get('2022-Q1')?.['TIME_PERIOD'], '2022-Q1');
    assert.equal(byLabel.get('2022-Q1')?.['FREQ'], 'Q');
    assert.equal(byLabel.get('2022-H1')?.['TIME_PERIOD'], '2022-S1');
    assert.equal(byLabel.get('2022-H1')?.['FREQ'], 'S');
    assert.ok(rows.every((r) => r['DATAFLOW'] === 'DALA:grp_cumulative(1.0)'));
  });

  test('lastNObservations and firstNObservations keep that many of each series; empty key positions select every code', async () => {
    const csv = async (path: string) =>
      parse((await get(path, MEDIA.csv)).body, { columns: true }) as Record<string, string>[];
    const last = await csv('/data/population/.KZ+KZ-35?lastNObservations=2');
    assert.deepEqual(
      last.map((r) => `${r['REF_AREA']} ${r['TIME_PERIOD']}`),
      [
        ...points('population', 'KZ')
          .slice(-2)
          .map((p) => `KZ ${p.period}`),
        ...points('population', 'KZ-35')
          .slice(-2)
          .map((p) => `KZ-35 ${p.period}`),
      ],
    );
    const first = await csv('/data/population/A.?firstNObservations=1');
    const places = db
      .prepare("SELECT DISTINCT place FROM points WHERE metric = 'population' ORDER BY place")
      .pluck()
      .all() as string[];
    assert.deepEqual(
      first.map((r) => r['REF_AREA']),
      places,
    );
  });

  test('answers carry an ETag and revalidate with 304, per representation', async () => {
    const url = `${base}/data/population/A.KZ`;
    const tags = new Set<string>();
    for (const accept of [MEDIA.structureSpecific, MEDIA.generic, MEDIA.csv]) {
      const first = await fetch(url, { headers: { accept } });
      assert.equal(first.status, 200);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      assert.ok(etag, accept);
      tags.add(etag);
      const again = await fetch(url, { headers: { accept, 'if-none-match': etag } });
      assert.equal(again.status, 304, accept);
    }
    assert.equal(tags.size, 3);
  });

  test('errors are SDMX error messages with the statuses the specification gives', async () => {
    const cases: [string, number, string][] = [
      ['/data/population/A.XX', 404, '100'],
      ['/data/nosuchflow', 404, '100'],
      ['/data/population/A.KZ.extra', 400, '140'],
      ['/data/population/A.KZ?startPeriod=2020-13', 400, '140'],
      ['/data/population/A.KZ?detail=everything', 400, '140'],
      ['/hierarchicalcodelist/DALA', 501, '501'],
      ['/dataflow/DALA/population?detail=allstubs', 501, '501'],
      ['/dataflow/OTHER', 404, '100'],
      ['/nosuchresource/DALA', 404, '100'],
      ['/schema/datastructure/DALA/DSD_population/1.0', 501, '501'],
    ];
    for (const [path, status, code] of cases) {
      const res = await get(path);
      assert.equal(res.status, status, path);
      assert.match(
        res.body,
        new RegExp(`<mes:ErrorMessage code="${code}"><com:Text xml:lang="en">`),
        path,
      );
      assert.equal(await xmllint(res.body), '', path);
    }
    const refused = await get('/data/population', 'application/pdf');
    assert.equal(refused.status, 406);
    assert.match(refused.body, /<mes:ErrorMessage code="1406">/);
  });

  test('R rsdmx lists the dataflows, reads a data structure and data queries (one by sex and urban/rural), and reads the release values', async () => {
    const script = `
      suppressMessages(library(rsdmx))
      b <- "${base}"
      flows <- as.data.frame(readSDMX(paste0(b, "/dataflow/DALA")))
      cat("FLOWS", sort(flows$id), "\\n")
      dsd <- readSDMX(paste0(b, "/datastructure/DALA/DSD_population/1.0?references=children"))
      areas <- as.data.frame(slot(dsd, "codelists"), codelistId = "CL_AREA")
      cat("AREA", areas[areas$id == "KZ-35", "name.ru"], "\\n")
      dims <- sapply(slot(slot(slot(dsd, "datastructures"), "datastructures")[[1]], "Components")@Dimensions, function(d) d@conceptRef)
      cat("DIMS", dims, "\\n")
      bdsd <- readSDMX(paste0(b, "/datastructure/DALA/DSD_life_expectancy/1.0?references=children"))
      bdims <- sapply(slot(slot(slot(bdsd, "datastructures"), "datastructures")[[1]], "Components")@Dimensions, function(d) d@conceptRef)
      cat("BDIMS", bdims, "\n")
      sexes <- as.data.frame(slot(bdsd, "codelists"), codelistId = "CL_SEX")
      cat("SEX F", sexes[sexes$id == "F", "name.kk"], "\n")
      b1 <- as.data.frame(readSDMX(paste0(b, "/data/life_expectancy/A.KZ.F+M.R")))
      write.csv(b1[, c("SEX", "URBANISATION", "TIME_PERIOD", "OBS_VALUE")], stdout(), row.names = FALSE)
      cat("END BREAKDOWN\n")
      obs <- as.data.frame(readSDMX(paste0(b, "/data/grp/A.KZ-SOUTH-KAZAKHSTAN-LEGACY")))
      write.csv(obs[, c("REF_AREA", "TIME_PERIOD", "OBS_VALUE", "OBS_STATUS")], stdout(), row.names = FALSE)
    `;
    // asynchronously: the server answering R runs in this process
    const { stdout: out } = await promisify(execFile)('Rscript', ['-e', script], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    const flows = /FLOWS (.*)\n/.exec(out)![1]!.trim().split(' ');
    // one dataflow per indicator: its all-totals series (a breakdown's series key holds ';', no SDMX id)
    // R sorts in its locale's collation (sdg_1_1 after sdg_10_1 or not), SQLite by bytes: compare as sets
    assert.deepEqual(
      [...flows].sort(),
      (db.prepare('SELECT id FROM metrics ORDER BY id').pluck().all() as string[])
        .filter((id) => !id.includes(';'))
        .sort(),
    );
    assert.match(out, /AREA Карагандинская область/);
    assert.match(out, /DIMS FREQ REF_AREA \n/);
    // a breakdown: its dimensions, a code's name, and the rural series of women and men as stored
    assert.match(out, /BDIMS FREQ REF_AREA SEX URBANISATION \n/);
    assert.match(out, /SEX F Әйелдер/);
    const breakdown = parse(out.slice(out.indexOf('"SEX"'), out.indexOf('END BREAKDOWN')), {
      columns: true,
    }) as Record<string, string>[];
    const storedBreakdown = ['M', 'F'].flatMap((sex) =>
      points(`life_expectancy;sex=${sex};area=R`, 'KZ').map(
        (p) => `${sex} R ${p.period} ${p.value}`,
      ),
    );
    assert.ok(storedBreakdown.length > 10);
    assert.deepEqual(
      breakdown
        .map(
          (r) => `${r['SEX']} ${r['URBANISATION']} ${r['TIME_PERIOD']} ${Number(r['OBS_VALUE'])}`,
        )
        .sort(),
      storedBreakdown.sort(),
    );
    const rows = parse(out.slice(out.indexOf('"REF_AREA"')), { columns: true }) as Record<
      string,
      string
    >[];
    const expected = points('grp', 'KZ-SOUTH-KAZAKHSTAN-LEGACY');
    assert.equal(rows.length, expected.length);
    expected.forEach((p, i) => {
      assert.equal(rows[i]!['TIME_PERIOD'], p.period);
      if (p.value === null) {
        assert.equal(rows[i]!['OBS_VALUE'], 'NA', p.period);
        assert.equal(rows[i]!['OBS_STATUS'], 'M');
      } else assert.equal(Number(rows[i]!['OBS_VALUE']), p.value, p.period);
    });
  });
});
