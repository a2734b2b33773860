import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { stableJson } from '../src/lib/canonical-json.js';
import { foldText, latinKey, searchKey, searchKeys } from '../src/lib/text-normalise.js';
import type { Artifact } from '../src/publish/artifact.js';
import { entityPublishers, entitySchemas } from '../src/publish/contracts/entity-family.js';
import { evaluateFreshness } from '../src/publish/freshness.js';
import { schemaId } from '../src/publish/schemas/common.js';
import { makeTestModel } from './support/test-model.js';
import { sameAsLinks } from '../src/publish/contracts/entities.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of Object.values(entitySchemas)) ajv.addSchema(schema);

async function publishAll(model = makeTestModel()): Promise<Map<string, Artifact>> {
  const out = new Map<string, Artifact>();
  for (const publish of entityPublishers) for (const a of await publish(model)) out.set(a.path, a);
  return out;
}
const json = (artifacts: Map<string, Artifact>, path: string) =>
  artifacts.get(path)!.json as Record<string, any>;
const validate = (name: string, data: unknown) => {
  const v = ajv.getSchema(schemaId(name));
  assert.ok(v, `schema ${name} registered`);
  const ok = v(data);
  return { ok, errors: ajv.errorsText(v.errors) };
};

test('every artifact validates against its schema, and each schema id matches its file name', async () => {
  const artifacts = new Map([...(await publishAll())].filter(([, a]) => a.json !== undefined));
  assert.equal(artifacts.size, 12);
  for (const [path, a] of artifacts) {
    assert.equal(`${a.schema}.json`, path, 'schema name equals the data file name');
    assert.equal((entitySchemas[a.schema!] as { $id: string }).$id, schemaId(a.schema!));
    const { ok, errors } = validate(a.schema!, a.json);
    assert.ok(ok, `${path}: ${errors}`);
    assert.equal(json(artifacts, path).contract, a.schema, `${path} starts with its header`);
  }
});

test('schemas reject a contract missing a required field', async () => {
  const artifacts = await publishAll();
  for (const a of [...artifacts.values()].filter((x) => x.json !== undefined)) {
    const broken = { ...(a.json as object) } as Record<string, unknown>;
    delete broken.built_at;
    assert.equal(validate(a.schema!, broken).ok, false, `${a.path} without built_at`);
  }
  const catalog = structuredClone(json(artifacts, 'institutions-catalog.json'));
  delete catalog.institutions[0].freshness;
  assert.equal(validate('institutions-catalog', catalog).ok, false);
  catalog.institutions[1].responsible_person_null_reason = null;
  assert.equal(validate('institutions-catalog', catalog).ok, false, 'a null person needs a reason');
});

test('publishing is deterministic: the same model gives the same bytes', async () => {
  const a = await publishAll();
  const b = await publishAll();
  for (const [path, artifact] of a)
    assert.equal(stableJson(artifact.json), stableJson(b.get(path)!.json));
});

test('every entity carries a canonical id and lists are sorted by id', async () => {
  const entities = json(await publishAll(), 'entities.json');
  const all = [...entities.persons, ...entities.organizations, ...entities.locations];
  for (const e of all)
    assert.match(
      e.id,
      /^(place:KZ|place:KZ-\d{2}(\/[A-Za-z0-9]+)?|place:KZ-[A-Z-]+|institution:[a-z0-9-]+|person:[a-z0-9-]+)$/,
    );
  for (const list of [entities.organizations, entities.locations]) {
    assert.deepEqual(
      list.map((e: { id: string }) => e.id),
      list.map((e: { id: string }) => e.id).sort(),
    );
  }
  assert.ok(
    entities.locations.some((l: { id: string }) => l.id === 'place:KZ-35/KZ351600'),
    'district id is place:<iso>/<pcode>',
  );
});

test('no person is invented: without a named responsible person, persons is empty with a note', async () => {
  const entities = json(await publishAll(), 'entities.json');
  assert.deepEqual(entities.persons, []);
  assert.match(entities.persons_note, /never inferred/);
  const model = makeTestModel();
  model.institutions[0]!.responsible_person = {
    name: { en: 'Test Person', ru: 'Тест', kk: 'Тест' },
    role: 'akim',
    as_of: '2025-12-01',
    source_url: 'https://example.gov.kz/akim',
  };
  const named = json(await publishAll(model), 'entities.json');
  assert.equal(named.persons.length, 1);
  assert.equal(named.persons[0].source_url, 'https://example.gov.kz/akim');
  assert.equal(named.persons_note, null);
});

test('institutions carry a freshness contract: unknown without a date, fresh with a recent one', async () => {
  const model = makeTestModel();
  const catalog = json(await publishAll(model), 'institutions-catalog.json');
  assert.equal(catalog.count, 3);
  for (const i of catalog.institutions) {
    assert.equal(i.freshness.status, 'unknown');
    assert.equal(i.freshness.evaluated_at, model.builtAt);
    assert.equal(i.responsible_person, null);
    assert.ok(i.responsible_person_null_reason.length > 0);
  }
  model.institutions[1]!.responsible_person = {
    name: { en: 'A B', ru: 'А Б', kk: 'А Б' },
    role: 'akim',
    as_of: '2026-01-01',
    source_url: 'https://example.gov.kz/x',
  };
  const dated = json(await publishAll(model), 'institutions-catalog.json');
  assert.equal(dated.institutions[1].freshness.status, 'fresh');
  assert.equal(dated.institutions[1].freshness.age_days, 14);
});

test('freshness is fresh within the SLA, degraded past it, stale past twice it', () => {
  const now = new Date('2026-04-11T12:00:00Z');
  const at = (as_of: string | null) =>
    evaluateFreshness({ as_of, sla_days: 10, historical: false }, now);
  assert.equal(at('2026-04-01').status, 'fresh'); // 10 days
  assert.equal(at('2026-03-31').status, 'degraded'); // 11 days
  assert.equal(at('2026-03-22').status, 'degraded'); // 20 days
  assert.equal(at('2026-03-21').status, 'stale'); // 21 days
  assert.equal(at('2026-03-21').age_days, 21);
  assert.equal(at(null).age_days, null);
  assert.equal(at(null).status, 'unknown');
  assert.match(at('2026-03-21').reason[0]!, /twice the SLA/);
  assert.equal(
    evaluateFreshness({ as_of: '2020-01-01', sla_days: 10, historical: true }, now).historical,
    true,
  );
  assert.throws(
    () => evaluateFreshness({ as_of: '2026-13-45', sla_days: 10, historical: false }, now),
    /as_of/,
  );
});

test('same_as links joined on the ISO code are matched_by_code, never listed as reviewed links', async () => {
  const model = makeTestModel();
  const artifacts = await publishAll(model);
  const reviewed = json(artifacts, 'reviewed-entity-links.json');
  assert.deepEqual(reviewed.links, [], 'no link was confirmed by hand');
  assert.equal(reviewed.matched_by_code, model.regions.length);
  const graph = json(artifacts, 'entity-graph.json');
  const sameAs = graph.edges.filter((e: { relation: string }) => e.relation === 'same_as');
  assert.equal(sameAs.length, model.regions.length);
  for (const e of sameAs) assert.equal(e.review_status, 'matched_by_code', e.id);
  for (const e of graph.edges.filter(
    (x: { id: string; relation: string }) => x.relation === 'part_of' && x.id.includes('/'),
  ))
    assert.equal(e.review_status, 'matched_by_code', e.id);
  const tampered = structuredClone(reviewed);
  tampered.links = [{ ...sameAsLinks(model)[0], review_status: 'matched_by_code' }];
  assert.equal(
    validate('reviewed-entity-links', tampered).ok,
    false,
    'the schema admits no link that was not confirmed by hand',
  );
});

test('the country and the former South Kazakhstan region are place entities, the latter with dated successors', async () => {
  const locations = json(await publishAll(), 'entities.json').locations;
  const country = locations.find((l: { id: string }) => l.id === 'place:KZ');
  assert.equal(country.kind, 'country');
  const south = locations.find((l: { id: string }) => l.id === 'place:KZ-SOUTH-KAZAKHSTAN-LEGACY');
  assert.equal(south.names.en, 'South Kazakhstan Region');
  assert.deepEqual(
    south.successors.map((s: { place: string; date: string }) => [s.place, s.date]),
    [['place:KZ-19', '2018-06-19']],
  );
  const graph = json(await publishAll(), 'entity-graph.json');
  assert.ok(
    graph.edges.some(
      (e: { from: string; relation: string; to: string }) =>
        e.from === south.id && e.relation === 'renamed_to' && e.to === 'place:KZ-19',
    ),
  );
});

test('entity graph edges cite a source and connect districts, akimats, indicators and datasets', async () => {
  const graph = json(await publishAll(), 'entity-graph.json');
  const has = (from: string, relation: string, to: string) =>
    graph.edges.some((e: any) => e.from === from && e.relation === relation && e.to === to);
  assert.ok(has('place:KZ-35/KZ351600', 'part_of', 'place:KZ-35'));
  assert.ok(has('institution:akimat-karaganda-region', 'governs', 'place:KZ-35'));
  assert.ok(has('institution:akimat-almaty-city', 'located_in', 'place:KZ-75'));
  assert.ok(has('place:KZ-19', 'same_as', 'https://www.openstreetmap.org/relation/215718'));
  assert.ok(has('indicator:population', 'measured_for', 'place:KZ-19'));
  assert.ok(has('indicator:population', 'measured_for', 'place:KZ-SOUTH-KAZAKHSTAN-LEGACY'));
  assert.ok(has('dataset:official-regional-indicators', 'derived_from', 'source:bns-population'));
  const ids = new Set(graph.nodes.map((n: { id: string }) => n.id));
  assert.equal(ids.size, graph.nodes.length, 'node ids are unique');
  for (const e of graph.edges)
    assert.ok(ids.has(e.from) && ids.has(e.to), `edge ${e.id} ends on known nodes`);
});

test('geo public contract explains the Almaty homonyms KZ-19 and KZ-75', async () => {
  const geo = json(await publishAll(), 'geo-public-contract.json');
  assert.equal(geo.regions.length, 3);
  assert.equal(geo.homonyms.length, 1);
  assert.deepEqual(
    geo.homonyms[0].entities.map((e: { iso: string }) => e.iso),
    ['KZ-19', 'KZ-75'],
  );
  assert.ok(geo.homonyms[0].shared_names.includes('Almaty'));
  assert.match(geo.homonyms[0].explanation, /never by name/);
});

test('entity federation binds each region to its geometry and analytics, media labelled demonstration', async () => {
  const fed = json(await publishAll(), 'entity-federation.json');
  const kar = fed.geography_bindings.find((b: { entity: string }) => b.entity === 'place:KZ-35');
  assert.equal(kar.geometry, '/data/geo/regions/karaganda.geojson');
  assert.equal(kar.analytics, '/data/region-analytics/karaganda.json');
  assert.equal(fed.media_coverage.status, 'demonstration');
  assert.equal(
    fed.media_coverage.by_region.find((r: { entity: string }) => r.entity === 'place:KZ-35')
      .publications,
    2,
  );
  assert.equal(fed.media_coverage.without_region, 1);
});

test('geo layer contract reports computed validity, the Astana label and no extra layers', async () => {
  const model = makeTestModel();
  const layer = json(await publishAll(model), 'geo-layer-contract.json');
  assert.equal(layer.adm1.features, 3);
  assert.equal(layer.adm1.valid, true);
  assert.equal(layer.adm1.rfc7946, true);
  assert.equal(layer.centres.nur_sultan_labels, 0);
  assert.equal(layer.centres.astana_labelled, true);
  assert.deepEqual(layer.additional_layers.reviewed, []);
  model.geo.centres[0]!.properties!.name_en = 'Nur-Sultan'; // an uncorrected label is reported, a note is not
  assert.equal(
    json(await publishAll(model), 'geo-layer-contract.json').centres.nur_sultan_labels,
    1,
  );
  const ring = (model.geo.adm1Simplified.features[0]!.geometry as { coordinates: number[][][] })
    .coordinates[0]!;
  ring.reverse(); // clockwise exterior: not RFC 7946
  assert.equal(json(await publishAll(model), 'geo-layer-contract.json').adm1.rfc7946, false);
});

test('probe registry covers the 27 static paths and one region of each parameterised route, counts from the model', async () => {
  const model = makeTestModel();
  const probes = json(await publishAll(model), 'public-probe-registry.json').probes;
  assert.equal(probes.length, 29);
  assert.ok(
    probes.some((p: { path: string }) => p.path === '/data/geo/regions/almaty-region.geojson'),
  );
  assert.ok(
    probes.some((p: { path: string }) => p.path === '/data/region-analytics/almaty-region.json'),
  );
  const geo = probes.find((p: { path: string }) => p.path === '/data/geo-public-contract.json');
  assert.deepEqual(
    geo.expect.checks.find((c: { op: string }) => c.op === 'length'),
    { pointer: '/regions', op: 'length', value: 3 },
  );
  assert.equal(
    probes.find((p: { path: string }) => p.path === '/data/kz_adm1_current.geojson').media_type,
    'application/geo+json',
  );
});

test('search keys fold Kazakh letters and transliterate Cyrillic so spellings meet', async () => {
  assert.equal(foldText('Қарағанды'), 'караганды');
  assert.equal(latinKey('Қарағанды'), 'karagandy');
  assert.equal(latinKey('Türkistan'), 'turkistan');
  assert.ok(searchKeys(['КАРАГАНДА']).includes('karaganda'));
  const index = json(await publishAll(), 'search-index.json');
  const kar = index.entries.find((e: { id: string }) => e.id === 'place:KZ-35');
  // the published keys are the keys the v1 search compares: a client normalising with the same
  // function meets them, whatever the spelling
  for (const spelling of ['Қарағанды', 'Qaraghandy', 'Karagandy', 'KZ-35'])
    assert.ok(kar.keys.includes(searchKey(spelling)), spelling);
  assert.ok(
    kar.keys.every((k: string) => k === searchKey(k)),
    'every published key is a fixed point of searchKey',
  );
  const almaty = index.entries
    .filter((e: { keys: string[] }) => e.keys.includes(searchKey('Almaty')))
    .map((e: { id: string }) => e.id);
  assert.ok(
    almaty.includes('place:KZ-19') && almaty.includes('place:KZ-75'),
    'a key may match homonyms',
  );
  assert.deepEqual(index.entries.map((e: { type: string }) => e.type).sort(), [
    'dataset',
    'district',
    'district',
    'event',
    'indicator',
    'institution',
    'institution',
    'institution',
    'place',
    'place',
    'place',
    'place',
    'place',
  ]);
  assert.ok(
    index.entries.some((e: { id: string }) => e.id === 'place:KZ-SOUTH-KAZAKHSTAN-LEGACY'),
    'the former region is searchable as itself',
  );
});

test('projection registry counts review statuses and registers no external partner', async () => {
  const reg = json(await publishAll(), 'reviewed-projection-registry.json');
  assert.deepEqual(
    reg.projections.map((p: { id: string }) => p.id),
    ['geography', 'institutions', 'official-statistics'],
  );
  assert.equal(reg.projections[1].counts_by_review_status.unreviewed, 3);
  assert.match(reg.note, /No external sibling project/);
});
