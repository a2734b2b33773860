// SDMX 2.1 REST as the statistical clients use a provider, on the release built from the pinned
// snapshots through the production server: R's rsdmx in provider mode (its request builder ends every
// path with "/") with dsd = TRUE and the concept scheme read as a table; whole dataflows in every
// format; one frequency per series; LATEST, several ids joined by "+", item queries; SDMX-CSV's
// labels and timeFormat parameters.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { realRelease } from './support/release.js';
import { xmllint } from './support/sdmx-validate.js';
import { startServer, type RunningServer } from '../src/serve/server.js';

const CSV = 'application/vnd.sdmx.data+csv;version=1.0.0';
const STRUCTURE = 'application/vnd.sdmx.structure+xml;version=2.1';
const derivedNs = (flow: string, dim: string) =>
  `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=DALA:${flow}(1.0):ObsLevelDim:${dim}`;

describe('SDMX 2.1 in provider mode on the real release', () => {
  let server: RunningServer;
  let base: string;
  let db: Database.Database;
  before(async () => {
    const { releasesDir, revision } = await realRelease();
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
  const csv = async (path: string, accept = CSV) => {
    const res = await get(path, accept);
    assert.equal(res.status, 200, path);
    return parse(res.body, { columns: true }) as Record<string, string>[];
  };
  /** The points of a dataflow: its indicator's series (the all-totals one and its breakdowns). */
  const pointsOf = (flow: string) =>
    db
      .prepare(
        `SELECT p.* FROM points p WHERE p.metric = ? OR p.metric IN (SELECT series FROM series_dimensions WHERE indicator = ?)`,
      )
      .all(flow, flow) as { metric: string; place: string; period: string; value: number | null }[];

  test('rsdmx in provider mode lists the dataflows, reads a structure and its concepts as a table, data with dsd = TRUE labelled from it, and a whole dataflow', async () => {
    const script = `
      suppressMessages(library(rsdmx))
      b <- "${base}"
      addSDMXServiceProvider(SDMXServiceProvider(agencyId = "DALA", name = "Dala",
        builder = SDMXREST21RequestBuilder(regUrl = b, repoUrl = b, compliant = TRUE)))
      flows <- as.data.frame(readSDMX(providerId = "DALA", resource = "dataflow", verbose = FALSE))
      cat("FLOWS", nrow(flows), "\\n")
      dsd <- readSDMX(providerId = "DALA", resource = "datastructure", resourceId = "DSD_population", verbose = FALSE)
      concepts <- suppressWarnings(as.data.frame(slot(dsd, "concepts")))
      cat("CONCEPT FREQ", concepts[concepts$id == "FREQ", "Description.en"], "\\n")
      cat("DESCRIBED", sum(nchar(concepts$Description.ru) > 0), "OF", nrow(concepts), "\\n")
      d <- readSDMX(providerId = "DALA", resource = "data", flowRef = "population", key = "A.KZ-35",
        start = 2020, dsd = TRUE, verbose = FALSE)
      df <- as.data.frame(d, labels = TRUE)
      cat("LABEL", unique(df$REF_AREA_label.ru), "\\n")
      write.csv(df[, c("TIME_PERIOD", "OBS_VALUE")], stdout(), row.names = FALSE)
      cat("END DATA\\n")
      whole <- as.data.frame(readSDMX(providerId = "DALA", resource = "data", flowRef = "life_expectancy", verbose = FALSE))
      cat("WHOLE", nrow(whole), "\\n")
    `;
    const { stdout: out } = await promisify(execFile)('Rscript', ['-e', script], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    const metrics = (db.prepare('SELECT id FROM metrics').pluck().all() as string[]).filter(
      (id) => !id.includes(';'),
    );
    assert.match(out, new RegExp(`FLOWS ${metrics.length} \n`));
    assert.match(out, /CONCEPT FREQ The length of the period each observation/);
    const described = /DESCRIBED (\d+) OF (\d+)/.exec(out)!;
    assert.equal(described[1], described[2], 'every concept has a description');
    assert.match(out, /LABEL Карагандинская область \n/);
    const rows = parse(out.slice(out.indexOf('"TIME_PERIOD"'), out.indexOf('END DATA')), {
      columns: true,
    }) as Record<string, string>[];
    const stored = pointsOf('population').filter(
      (p) => p.metric === 'population' && p.place === 'KZ-35' && p.period >= '2020',
    );
    assert.ok(stored.length >= 4);
    assert.deepEqual(
      rows.map((r) => `${r['TIME_PERIOD']} ${Number(r['OBS_VALUE'])}`),
      stored.map((p) => `${p.period} ${p.value}`),
    );
    assert.match(out, new RegExp(`WHOLE ${pointsOf('life_expectancy').length} \n`));
  });

  test('the largest dataflows answer whole in every format, their series keys too', async () => {
    for (const flow of [
      'life_expectancy',
      'population_start_of_year',
      'unemployment_rate_quarterly',
      'population_by_district',
    ]) {
      const stored = pointsOf(flow);
      assert.ok(stored.length > 1500, `${flow} has ${stored.length} points`);
      assert.equal((await csv(`/data/${flow}`)).length, stored.length, flow);
      const generic = await get(
        `/data/${flow}/all/all/`,
        'application/vnd.sdmx.genericdata+xml;version=2.1',
      );
      assert.equal(generic.status, 200, flow);
      assert.equal(generic.body.split('<gen:Obs>').length - 1, stored.length, flow);
      for (const detail of ['serieskeysonly', 'nodata']) {
        const keys = await get(`/data/${flow}?detail=${detail}`);
        assert.equal(keys.status, 200, `${flow} ${detail}`);
        assert.ok(!keys.body.includes('<Obs '), `${flow} ${detail}`);
        const places = new Set(stored.map((p) => `${p.metric} ${p.place}`));
        assert.ok(keys.body.split('<Series ').length - 1 >= places.size, `${flow} ${detail}`);
      }
    }
    const schema = await get('/schema/dataflow/DALA/life_expectancy/1.0');
    const whole = await get('/data/life_expectancy/all/all/');
    assert.equal(
      await xmllint(whole.body, {
        namespace: derivedNs('life_expectancy', 'TIME_PERIOD'),
        schema: schema.body,
      }),
      '',
    );
  });

  test('each series has one frequency: a quarterly flow keeps its annual values in A series, a year-to-date flow a series per span', async () => {
    const form: Record<string, RegExp> = {
      A: /^\d{4}$/,
      S: /^\d{4}-S[12]$/,
      Q: /^\d{4}-Q[1-4]$/,
      P9M: /^\d{4}-01-01\/P9M$/,
    };
    for (const flow of ['unemployment_rate_quarterly', 'grp_cumulative']) {
      const rows = await csv(`/data/${flow}`);
      for (const r of rows)
        assert.match(r['TIME_PERIOD']!, form[r['FREQ']!]!, `${flow} ${r['FREQ']}`);
    }
    const annual = await csv('/data/unemployment_rate_quarterly/A.KZ');
    const storedAnnual = pointsOf('unemployment_rate_quarterly').filter(
      (p) => p.place === 'KZ' && /^\d{4}$/.test(p.period),
    );
    assert.ok(storedAnnual.length > 0);
    assert.deepEqual(
      annual.map(
        (r) => `${r['TIME_PERIOD']} ${r['OBS_VALUE'] === '' ? null : Number(r['OBS_VALUE'])}`,
      ),
      storedAnnual.map((p) => `${p.period} ${p.value}`),
    );
    const freqs = new Set((await csv('/data/grp_cumulative/.KZ')).map((r) => r['FREQ']));
    assert.deepEqual([...freqs].sort(), ['P9M', 'Q', 'S']);
    const structure = await get('/codelist/DALA/CL_FREQ', STRUCTURE);
    assert.match(structure.body, /<str:Code id="P9M"/);
  });

  test('structure queries take LATEST, ids joined by +, items and a trailing slash; a reversed or impossible period is 400', async () => {
    const two = await get('/dataflow/DALA/population+grp/LATEST', STRUCTURE);
    assert.equal(two.status, 200);
    assert.deepEqual(
      [...two.body.matchAll(/<str:Dataflow id="([^"]+)"/g)].map((m) => m[1]),
      ['grp', 'population'],
    );
    assert.equal(await xmllint(two.body), '');
    const slashed = await get('/dataflow/all/all/latest/', STRUCTURE);
    assert.equal(slashed.status, 200);
    assert.equal(slashed.body, (await get('/dataflow/all/all/latest', STRUCTURE)).body);
    const items = await get('/codelist/DALA/CL_AREA/latest/KZ-35+KZ-75');
    assert.equal(items.status, 200);
    assert.deepEqual(
      [...items.body.matchAll(/<str:Code id="([^"]+)"/g)].map((m) => m[1]),
      ['KZ-35', 'KZ-75'],
    );
    assert.equal(await xmllint(items.body), '');
    const concept = await get('/conceptscheme/DALA/CS_DALA/1.0/OBS_VALUE');
    assert.deepEqual(
      [...concept.body.matchAll(/<str:Concept id="([^"]+)"/g)].map((m) => m[1]),
      ['OBS_VALUE'],
    );
    assert.match(concept.body, /<com:Description xml:lang="kk">/);
    assert.equal((await get('/codelist/DALA/CL_AREA/latest/XX-99')).status, 404);
    assert.equal((await get('/data/population/A.KZ/all/?startPeriod=2020')).status, 200);
    for (const query of ['startPeriod=2022&endPeriod=2020', 'startPeriod=2020-01-01T25:00:00']) {
      const res = await get(`/data/population/A.KZ?${query}`);
      assert.equal(res.status, 400, query);
      assert.match(res.body, /<mes:ErrorMessage code="140">/, query);
    }
  });

  test('SDMX-CSV labels=both names every component and code, timeFormat=normalized writes the date each period starts on', async () => {
    const both = await csv(
      '/data/population/A.KZ-35?startPeriod=2024&endPeriod=2024',
      `${CSV};labels=both`,
    );
    assert.equal(both.length, 1);
    const row = both[0]!;
    assert.equal(row['DATAFLOW'], 'DALA:population(1.0): Average annual population');
    assert.equal(row['REF_AREA: Reference area'], 'KZ-35: Karaganda Region');
    assert.equal(row['FREQ: Frequency'], 'A: Annual');
    assert.equal(row['TIME_PERIOD: Time period'], '2024');
    assert.equal(row['OBS_STATUS: Observation status'], 'A: Normal value');
    const normalized = await csv(
      '/data/unemployment_rate_quarterly/Q.KZ?startPeriod=2022&endPeriod=2022',
      `${CSV};timeFormat=normalized`,
    );
    assert.deepEqual(
      normalized.map((r) => r['TIME_PERIOD']),
      ['2022-01-01', '2022-04-01', '2022-07-01', '2022-10-01'],
    );
    const res = await get(
      '/data/population/A.KZ',
      `${CSV};version=1.0.0;labels=both;timeFormat=normalized`,
    );
    assert.match(res.type, /labels=both; timeFormat=normalized/);
    assert.equal((await get('/data/population/A.KZ', `${CSV};labels=name`)).status, 406);
  });
  test('availableconstraint answers the codes and time range of the data a key selects (exact) or still open to it (available), with its observation count', async () => {
    const path = '/availableconstraint/life_expectancy/A.KZ.F+M./all/all';
    const exact = await get(`${path}?references=codelist`, STRUCTURE);
    assert.equal(exact.status, 200);
    assert.equal(await xmllint(exact.body), '');
    const region = (body: string, id: string) =>
      [
        ...(
          new RegExp(`<com:KeyValue id="${id}">(.*?)</com:KeyValue>`).exec(body)?.[1] ?? ''
        ).matchAll(/<com:Value>([^<]+)<\/com:Value>/g),
      ].map((m) => m[1]);
    assert.deepEqual(region(exact.body, 'SEX'), ['F', 'M']);
    assert.deepEqual(region(exact.body, 'REF_AREA'), ['KZ']);
    const rows = await csv('/data/life_expectancy/A.KZ.F+M.');
    assert.match(
      exact.body,
      new RegExp(`<com:AnnotationTitle>${rows.length}</com:AnnotationTitle>`),
    );
    const years = rows.map((r) => r['TIME_PERIOD']!).sort();
    assert.match(
      exact.body,
      new RegExp(
        `<com:StartPeriod isInclusive="true">${years[0]}-01-01</com:StartPeriod><com:EndPeriod isInclusive="true">${years.at(-1)}-12-31</com:EndPeriod>`,
      ),
    );
    // the code list comes partial: only the codes available
    assert.match(exact.body, /<str:Codelist id="CL_SEX"[^>]*isPartial="true"/);
    const available = await get(`${path.replace('F+M', 'F')}?mode=available`);
    assert.deepEqual(region(available.body, 'SEX'), ['F', 'M', '_T']);
    assert.equal((await get('/availableconstraint/life_expectancy/A.XX..')).status, 404);
  });
});
