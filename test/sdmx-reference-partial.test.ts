// A dataflow's structures as .Stat Data Explorer asks for them, through the production server on the
// real release: GET /dataflow/{agency}/{id}/{version}?references=all&detail=referencepartial with
// Accept: application/vnd.sdmx.structure+json;version=1.0;urn=true. The answer holds the dataflow,
// its data structure and code lists whole, and the concept scheme cut to the concepts the structure
// uses, marked isPartial (SDMX 2.1 REST, detail=referencepartial); SDMX-JSON valid against the working
// group's schema, SDMX-ML against the SDMX-ML 2.1 schemas. An item query's scheme (code list, concept
// scheme, category scheme) is partial too; the stub forms of detail stay 501. Availability
// (availableconstraint), which the Data Explorer asks for with the same Accept, answers its content
// constraint in SDMX-JSON, stating what the SDMX-ML one states.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeAjv } from '../src/lib/ajv.js';
import { snapshotsDir } from '../src/lib/config.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { realRelease } from './support/release.js';
import { xmllint } from './support/sdmx-validate.js';

const STRUCTURE_SCHEMA = join(
  snapshotsDir(),
  '..',
  'reference',
  'sdmx-json-1.0',
  'structure-message',
  'tools',
  'schemas',
  '1.0',
  'sdmx-json-structure-schema.json',
);
const validateStructure = makeAjv({ dialect: 'draft-04', formats: true }).compile(
  JSON.parse(readFileSync(STRUCTURE_SCHEMA, 'utf8')) as object,
);
const DATA_EXPLORER = 'application/vnd.sdmx.structure+json;version=1.0;urn=true';
const PARTIAL = '/dataflow/DALA/life_expectancy/latest?references=all&detail=referencepartial';

interface Json {
  data: {
    dataflows: { id: string }[];
    dataStructures: {
      id: string;
      dataStructureComponents: {
        dimensionList: { dimensions: { id: string }[]; timeDimensions: { id: string }[] };
        attributeList: { attributes: { id: string }[] };
        measureList: { primaryMeasure: { id: string } };
      };
    }[];
    codelists: { id: string; isPartial?: boolean; codes: { id: string }[] }[];
    conceptSchemes: { id: string; isPartial?: boolean; concepts: { id: string }[] }[];
  };
}

describe('structures with detail=referencepartial, as .Stat Data Explorer asks for them', () => {
  let server: RunningServer;
  before(async () => {
    const { releasesDir } = await realRelease();
    server = await startServer({ releasesDir, host: '127.0.0.1', port: 0, logger: false });
  });
  after(() => server.close());
  const get = async (path: string, accept: string) => {
    const res = await fetch(`${server.url}/sdmx/2.1${path}`, { headers: { accept } });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: await res.text(),
    };
  };

  test('SDMX-JSON: the dataflow, its structure and whole code lists, and only the concepts the structure uses, marked partial', async () => {
    const res = await get(PARTIAL, DATA_EXPLORER);
    assert.equal(res.status, 200, res.body.slice(0, 300));
    assert.match(res.type, /^application\/vnd\.sdmx\.structure\+json; version=1\.0\.0/);
    const message = JSON.parse(res.body) as Json;
    assert.ok(validateStructure(message), JSON.stringify(validateStructure.errors?.slice(0, 3)));
    const { data } = message;
    assert.deepEqual(
      data.dataflows.map((f) => f.id),
      ['life_expectancy'],
    );
    const dsd = data.dataStructures[0]!;
    assert.equal(dsd.id, 'DSD_life_expectancy');
    const components = dsd.dataStructureComponents;
    const used = [
      ...components.dimensionList.dimensions,
      ...components.dimensionList.timeDimensions,
      ...components.attributeList.attributes,
      components.measureList.primaryMeasure,
    ].map((c) => c.id);
    const scheme = data.conceptSchemes[0]!;
    assert.equal(scheme.isPartial, true);
    assert.deepEqual(scheme.concepts.map((c) => c.id).sort(), [...new Set(used)].sort());
    // the full answer's scheme has more concepts than this structure uses, and no isPartial
    const full = JSON.parse(
      (await get(PARTIAL.replace('&detail=referencepartial', ''), DATA_EXPLORER)).body,
    ) as Json;
    assert.ok(full.data.conceptSchemes[0]!.concepts.length > scheme.concepts.length);
    assert.equal(full.data.conceptSchemes[0]!.isPartial, undefined);
    // a code list is the representation of a dimension or attribute: whole, as in the full answer
    assert.deepEqual(data.codelists, full.data.codelists);
    assert.ok(data.codelists.every((c) => c.isPartial === undefined));
  });

  test('SDMX-ML: the same selection validates, its concept scheme isPartial', async () => {
    const res = await get(PARTIAL, 'application/vnd.sdmx.structure+xml;version=2.1');
    assert.equal(res.status, 200);
    assert.equal(await xmllint(res.body), '');
    assert.match(res.body, /<str:ConceptScheme id="CS_DALA"[^>]* isPartial="true"/);
    const full = await get('/conceptscheme/DALA/CS_DALA/latest', 'application/xml');
    assert.doesNotMatch(full.body, /isPartial/);
  });

  test("an item query's code list, concept scheme and category scheme are partial; the stub forms are 501", async () => {
    const categories = await get(
      '/categoryscheme/DALA/DALA_TOPICS/latest/sdg-3',
      'application/xml',
    );
    assert.equal(categories.status, 200);
    assert.match(categories.body, /<str:CategoryScheme id="DALA_TOPICS"[^>]* isPartial="true"/);
    assert.equal(await xmllint(categories.body), '');
    const whole = await get('/categoryscheme/DALA/DALA_TOPICS/latest', 'application/xml');
    assert.doesNotMatch(whole.body, /isPartial/);
    for (const path of [
      '/codelist/DALA/CL_AREA/latest/KZ-75',
      '/conceptscheme/DALA/CS_DALA/latest/FREQ',
    ]) {
      const xml = await get(path, 'application/xml');
      assert.equal(xml.status, 200, path);
      assert.match(
        xml.body,
        /<str:(Codelist|ConceptScheme) id="[A-Z_]+"[^>]* isPartial="true"/,
        path,
      );
      assert.equal(await xmllint(xml.body), '', path);
      const json = JSON.parse((await get(path, DATA_EXPLORER)).body) as Json;
      assert.ok(validateStructure(json), path);
      const scheme = json.data.codelists?.[0] ?? json.data.conceptSchemes[0]!;
      assert.equal(scheme.isPartial, true, path);
    }
    for (const detail of [
      'allstubs',
      'referencestubs',
      'allcompletestubs',
      'referencecompletestubs',
    ])
      assert.equal(
        (await get(`/dataflow/DALA/population?detail=${detail}`, 'application/xml')).status,
        501,
        detail,
      );
  });
  test('availableconstraint in SDMX-JSON: valid, the same codes, time range and observation count as SDMX-ML', async () => {
    for (const path of [
      '/availableconstraint/life_expectancy/A.KZ../all/all?mode=available',
      '/availableconstraint/population/A.KZ+KZ-75',
    ]) {
      const res = await get(path, DATA_EXPLORER);
      assert.equal(res.status, 200, `${path}: ${res.body.slice(0, 300)}`);
      assert.match(res.type, /^application\/vnd\.sdmx\.structure\+json; version=1\.0\.0/);
      const message = JSON.parse(res.body) as {
        data: {
          contentConstraints: {
            id: string;
            type: string;
            annotations: { id: string; title: string }[];
            constraintAttachment: { dataflows: string[] };
            cubeRegions: {
              isIncluded: boolean;
              keyValues: {
                id: string;
                values?: string[];
                timeRange?: { startPeriod: { period: string }; endPeriod: { period: string } };
              }[];
            }[];
          }[];
        };
      };
      assert.ok(validateStructure(message), JSON.stringify(validateStructure.errors?.slice(0, 3)));
      const [constraint] = message.data.contentConstraints;
      const xml = (await get(path, 'application/xml')).body;
      assert.equal(await xmllint(xml), '');
      assert.equal(constraint!.type, 'Actual');
      assert.match(xml, new RegExp(`<str:ContentConstraint id="${constraint!.id}"`));
      assert.match(constraint!.constraintAttachment.dataflows[0]!, /Dataflow=DALA:\w+\(1\.0\)$/);
      const count = /<com:AnnotationTitle>(\d+)<\/com:AnnotationTitle>/.exec(xml)![1];
      assert.deepEqual(constraint!.annotations, [
        { id: 'obs_count', title: count, type: 'sdmx_metrics' },
      ]);
      const region = constraint!.cubeRegions[0]!;
      assert.equal(region.isIncluded, true);
      const xmlKeys = [...xml.matchAll(/<com:KeyValue id="([^"]+)">(.*?)<\/com:KeyValue>/g)].map(
        ([, id, inner]) => {
          const times = [...inner!.matchAll(/Period[^>]*>([^<]+)</g)].map((m) => m[1]);
          return times.length
            ? `${id} ${times.join('/')}`
            : `${id} ${[...inner!.matchAll(/<com:Value>([^<]+)</g)].map((m) => m[1]).join('+')}`;
        },
      );
      assert.deepEqual(
        region.keyValues.map((k) =>
          k.timeRange
            ? `${k.id} ${k.timeRange.startPeriod.period}/${k.timeRange.endPeriod.period}`
            : `${k.id} ${k.values!.join('+')}`,
        ),
        xmlKeys,
        path,
      );
      assert.ok(xmlKeys.length >= 3, path);
    }
  });
});
