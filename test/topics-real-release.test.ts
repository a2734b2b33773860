// Topics on the real release: every published indicator is classified in at least one topic of the
// scheme, /api/v1/topics lists the whole scheme (the Bureau's domains and the seventeen SDG goals), the
// dataset catalog gives each dataset the topics of its indicators, and the DCAT-AP catalogue gives them
// as dcat:theme from a SKOS scheme whose IRIs resolve on the serving host, and SDMX as a CategoryScheme
// with a Categorisation of each dataflow in each of its topics. A real listening server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { SOURCES_DIR } from '../src/lib/config.js';
import { realRelease } from './support/release.js';
import { parseTurtle, validateDcatAp } from './support/rdf.js';
import { xmllint } from './support/sdmx-validate.js';

const scheme = JSON.parse(readFileSync(join(SOURCES_DIR, 'topics.json'), 'utf8')) as {
  topics: { id: string; kind: string; notation?: string; name: Record<string, string> }[];
};
const schemeTopics = () => scheme.topics;

describe('topics of the real release', () => {
  let app: DalaApp;
  let base: string;
  let dir: string;
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  /** Every item of a v1 collection, following its cursors. */
  const all = async (path: string) => {
    const items: any[] = [];
    let next: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=100`;
    while (next) {
      const page = await get(next);
      items.push(...page.data);
      next = page.links?.next ?? null;
    }
    return items;
  };
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    dir = join(releasesDir, revision);
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app?.close());

  test('every published indicator names one or more topics, and each topic lists exactly the indicators that name it', async () => {
    const indicators = await all('/api/v1/indicators');
    assert.ok(indicators.length >= 30);
    for (const i of indicators) assert.ok(i.topics.length >= 1, `${i.id} has a topic`);
    const topics = await all('/api/v1/topics');
    assert.deepEqual(
      topics.map((t) => [t.id, t.kind, t.notation, t.names.kk]),
      scheme.topics.map((t) => [`topic:${t.id}`, t.kind, t.notation ?? null, t.name.kk]),
    );
    for (const t of topics)
      assert.deepEqual(
        t.indicators,
        indicators
          .filter((i) => i.topics.includes(t.id))
          .map((i) => i.id)
          .sort(),
        t.id,
      );
    const population = await all('/api/v1/indicators?topic=population');
    assert.ok(population.some((i) => i.metric === 'population'));
    assert.ok(population.every((i) => i.topics.includes('topic:population')));
  });

  test('the dataset catalog gives each dataset the topics of its indicators, in the scheme order', async () => {
    const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8'));
    const order = scheme.topics.map((t) => `topic:${t.id}`);
    const health = catalog.datasets.find((d: any) => d.slug === 'health');
    assert.ok(health.topics.includes('topic:health'));
    for (const d of catalog.datasets) {
      assert.deepEqual(
        [...d.topics].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b)),
        d.topics,
      );
      for (const t of d.topics) assert.ok(order.includes(t), `${d.id}: ${t}`);
    }
    const population = catalog.datasets.find((d: any) => d.slug === 'population');
    assert.deepEqual(population.topics, ['topic:population']);
  });

  test("DCAT: each dataset's dcat:theme names its indicators' topics, concepts of a SKOS scheme labelled in kk, ru and en that resolve on the serving host, with 0 SHACL violations", async () => {
    // A release with no public URL names Dala's own IRIs root-relative: they resolve against the
    // address the catalogue is fetched from, here the serving host.
    const quads = parseTurtle(
      readFileSync(join(dir, 'data/dcat-catalog.ttl'), 'utf8'),
      `${base}/data/dcat-catalog.ttl`,
    );
    const SKOS = 'http://www.w3.org/2004/02/skos/core#';
    const objects = (s: string, p: string) =>
      quads.filter((q) => q.subject.value === s && q.predicate.value === p).map((q) => q.object);
    const origin = base;
    const scheme = `${origin}/api/v1/topics`;
    assert.deepEqual(
      objects(scheme, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type').map((o) => o.value),
      [`${SKOS}ConceptScheme`],
    );
    assert.ok(
      objects(`${origin}/api/v1/catalog`, 'http://www.w3.org/ns/dcat#themeTaxonomy').some(
        (o) => o.value === scheme,
      ),
    );
    const topicOf = (iri: string) => iri.slice(`${scheme}/topic:`.length);
    const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8'));
    for (const d of catalog.datasets) {
      const themes = objects(
        `${origin}/api/v1/datasets/${d.id}`,
        'http://www.w3.org/ns/dcat#theme',
      ).map((o) => o.value);
      assert.deepEqual(
        themes
          .filter((t) => t.startsWith(`${scheme}/`))
          .map((t) => `topic:${topicOf(t)}`)
          .sort(),
        [...d.topics].sort(),
        d.id,
      );
    }
    const concepts = objects(scheme, `${SKOS}hasTopConcept`).map((o) => o.value);
    assert.equal(concepts.length, schemeTopics().length);
    for (const c of concepts) {
      const labels = objects(c, `${SKOS}prefLabel`).map((o: any) => `${o.language}:${o.value}`);
      const t = schemeTopics().find((x) => x.id === topicOf(c))!;
      assert.deepEqual(labels.sort(), [`en:${t.name.en}`, `kk:${t.name.kk}`, `ru:${t.name.ru}`]);
      assert.deepEqual(
        objects(c, `${SKOS}inScheme`).map((o) => o.value),
        [scheme],
      );
      assert.deepEqual(
        objects(c, `${SKOS}notation`).map((o) => o.value),
        t.notation ? [t.notation] : [],
      );
      // the concept's IRI is the topic's v1 resource on the serving host
      const res = await fetch(c);
      assert.equal(res.status, 200, c);
      assert.equal(((await res.json()) as any).data.id, `topic:${t.id}`);
    }
    assert.equal((await fetch(scheme)).status, 200);
    const result = await validateDcatAp(quads);
    assert.deepEqual(result.violations.slice(0, 5), []);
  });

  test('SDMX: the topics are the CategoryScheme DALA_TOPICS and each dataflow is categorised in its topics, valid SDMX-ML 2.1, reachable by references', async () => {
    const STRUCTURE = 'application/vnd.sdmx.structure+xml;version=2.1';
    const sdmx = async (path: string) => {
      const res = await fetch(`${base}/sdmx/2.1${path}`, { headers: { accept: STRUCTURE } });
      const body = await res.text();
      assert.equal(res.status, 200, `${path}: ${body.slice(0, 300)}`);
      assert.equal(await xmllint(body), '', path);
      return body;
    };
    const ids = (xml: string, element: string) =>
      [...xml.matchAll(new RegExp(`<str:${element} id="([^"]+)"`, 'g'))].map((m) => m[1]);
    const scheme = await sdmx('/categoryscheme/DALA/DALA_TOPICS/latest');
    assert.deepEqual(
      ids(scheme, 'Category'),
      schemeTopics().map((t) => t.id),
    );
    const goal = schemeTopics().find((t) => t.id === 'sdg-8')!;
    for (const lang of ['kk', 'ru', 'en'])
      assert.ok(
        scheme.includes(`<com:Name xml:lang="${lang}">${goal.name[lang]}</com:Name>`),
        lang,
      );
    const one = await sdmx('/categoryscheme/DALA/DALA_TOPICS/1.0/health');
    assert.deepEqual(ids(one, 'Category'), ['health']);

    const indicators = await all('/api/v1/indicators');
    const everyCategorisation = await sdmx('/categorisation/DALA');
    const pairs = [
      ...everyCategorisation.matchAll(
        /<str:Source><Ref id="([^"]+)"[^>]*class="Dataflow"\/><\/str:Source><str:Target><Ref id="([^"]+)" maintainableParentID="DALA_TOPICS"/g,
      ),
    ].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(
      pairs.sort(),
      indicators.flatMap((i) => i.topics.map((t: string) => `${i.metric} ${t.slice(6)}`)).sort(),
    );
    // a dataflow's categorisations are its parents: references=categorisation (and all) answers them
    const health = await sdmx('/dataflow/DALA/life_expectancy/latest?references=categorisation');
    assert.deepEqual(ids(health, 'Categorisation').sort(), [
      'CAT_life_expectancy__health',
      'CAT_life_expectancy__population',
    ]);
    const every = await sdmx('/dataflow/DALA/life_expectancy/latest?references=all');
    assert.ok(every.includes('<str:CategoryScheme id="DALA_TOPICS"'));
    assert.equal(ids(every, 'Categorisation').length, 2);
    const children = await sdmx(
      '/categorisation/DALA/CAT_life_expectancy__health/latest?references=children',
    );
    assert.deepEqual(ids(children, 'Dataflow'), ['life_expectancy']);
    assert.deepEqual(ids(children, 'CategoryScheme'), ['DALA_TOPICS']);
    const missing = await fetch(`${base}/sdmx/2.1/categoryscheme/DALA/DALA_TOPICS/1.0/weather`);
    assert.equal(missing.status, 404);
  });
});
