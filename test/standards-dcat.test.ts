// The DCAT-AP 3.0 catalogue of the real release: 0 SHACL violations of the profile's shapes.ttl +
// range.ttl (rdf-validate-shacl), the same graph in Turtle and JSON-LD, every dataset with its
// distributions, licences only as the sources state them; and GET /api/v1/catalog negotiates it.
// Built without a public URL, its IRIs are root-relative paths: read against the URL the file is
// served at, each names a resource of the serving app.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { realRelease } from './support/release.js';
import { parseJsonLd, parseRdfXml, parseTurtle, validateDcatAp } from './support/rdf.js';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

describe('the DCAT-AP catalogue of the real release', () => {
  let dir: string;
  let app: DalaApp;
  let base: string;
  let turtle: string;
  /** The catalogue's quads as a harvester fetching it from the serving app reads them. */
  let quadsOf: () => ReturnType<typeof parseTurtle>;
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    dir = join(releasesDir, revision);
    turtle = readFileSync(join(dir, 'data/dcat-catalog.ttl'), 'utf8');
    // every dataset's page is asked, more than the /api/v1 rate limit's burst (tested in v1-rate-limit)
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    quadsOf = () => parseTurtle(turtle, `${base}/data/dcat-catalog.ttl`);
  });
  after(() => app?.close());

  test('the Turtle catalogue has 0 violations of the DCAT-AP 3.0.0 shapes and class ranges', async () => {
    const result = await validateDcatAp(quadsOf());
    assert.deepEqual(result.violations.slice(0, 5), []);
    assert.equal(result.conforms, true);
  });

  test('the JSON-LD file holds the same graph as the Turtle file', async () => {
    const key = (q: {
      subject: { value: string };
      predicate: { value: string };
      object: { termType: string; value: string };
    }) => `${q.subject.value} ${q.predicate.value} ${q.object.termType} ${q.object.value}`;
    const fromJsonLd = (
      await parseJsonLd(
        JSON.parse(readFileSync(join(dir, 'data/dcat-catalog.jsonld'), 'utf8')) as object,
        `${base}/data/dcat-catalog.jsonld`,
      )
    )
      .map(key)
      .sort();
    assert.deepEqual(fromJsonLd, quadsOf().map(key).sort());
  });

  test('every dataset of the dataset catalog is a dcat:Dataset with JSON/CSV/PDF/SDMX distributions, absolute URLs, frequency, coverage', () => {
    const quads = quadsOf();
    const objects = (s: string, p: string) =>
      quads
        .filter((q) => q.subject.value === s && q.predicate.value === p)
        .map((q) => q.object.value);
    const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8')) as {
      datasets: { id: string; distributions: { url: string }[] }[];
    };
    const datasets = quads
      .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === `${DCAT}Dataset`)
      .map((q) => q.subject.value);
    assert.equal(datasets.length, catalog.datasets.length);
    for (const d of catalog.datasets) {
      const iri = `${base}/api/v1/datasets/${d.id}`;
      assert.ok(datasets.includes(iri), iri);
      const access = objects(iri, `${DCAT}distribution`).flatMap((x) =>
        objects(x, `${DCAT}accessURL`),
      );
      for (const dist of d.distributions)
        assert.ok(access.includes(`${base}${dist.url}`), `${d.id}: ${dist.url}`);
      assert.match(
        objects(iri, `${DCT}accrualPeriodicity`)[0] ?? '',
        /^http:\/\/publications\.europa\.eu\/resource\/authority\/frequency\//,
      );
      assert.ok(
        objects(iri, `${DCT}spatial`).includes(
          'http://publications.europa.eu/resource/authority/country/KAZ',
        ),
      );
    }
    const population = `${base}/api/v1/datasets/dataset:population`;
    const access = objects(population, `${DCAT}distribution`).flatMap((x) =>
      objects(x, `${DCAT}accessURL`),
    );
    assert.ok(access.includes(`${base}/sdmx/2.1/`), 'the SDMX endpoint is an access URL');
    assert.ok(
      access.includes(`${base}/data/indicator-passports/population.pdf`),
      'the passport PDF is a distribution',
    );
    assert.equal(objects(`${population}#temporal`, `${DCAT}startDate`)[0], '2009-01-01');
    // the Bureau states no licence: none is inferred; the licence named is a document saying so
    assert.deepEqual(
      objects(`${base}/data/datasets/population.csv#distribution`, `${DCT}license`),
      [`${population}#licence-terms`],
    );
    assert.match(
      objects(`${population}#licence-terms`, 'http://www.w3.org/2000/01/rdf-schema#label')[0] ?? '',
      /No single licence is stated by the sources; .*licence not stated by the source/,
    );
    assert.match(
      objects(`${population}#rights`, 'http://www.w3.org/2000/01/rdf-schema#label')[0] ?? '',
      /licence not stated by the source/,
    );
    assert.deepEqual(objects(`${base}/data/public-holidays.json#distribution`, `${DCT}license`), [
      'https://creativecommons.org/licenses/by-sa/3.0/',
    ]);
    assert.ok(objects(`${base}/api/v1/`, RDF_TYPE).includes(`${DCAT}DataService`));
  });

  test('GET /api/v1/catalog answers Turtle and JSON-LD as sealed, the v1 envelope by default, 406 otherwise', async () => {
    const ttl = await fetch(`${base}/api/v1/catalog`, { headers: { accept: 'text/turtle' } });
    assert.equal(ttl.status, 200);
    assert.equal(ttl.headers.get('content-type')?.split(';')[0], 'text/turtle');
    assert.equal(await ttl.text(), turtle);
    const ld = await fetch(`${base}/api/v1/catalog?format=jsonld`, {
      headers: { accept: 'text/turtle' },
    });
    assert.equal(ld.headers.get('content-type')?.split(';')[0], 'application/ld+json');
    assert.equal(await ld.text(), readFileSync(join(dir, 'data/dcat-catalog.jsonld'), 'utf8'));
    const json = await fetch(`${base}/api/v1/catalog`);
    assert.equal(json.headers.get('content-type')?.split(';')[0], 'application/json');
    const body = (await json.json()) as {
      data: { '@graph': unknown[] };
      meta: { revision: string };
    };
    assert.ok(body.data['@graph'].length > 100);
    assert.match(body.meta.revision, /^[0-9a-f]{16}$/);
    const refused = await fetch(`${base}/api/v1/catalog`, {
      headers: { accept: 'application/xml' },
    });
    assert.equal(refused.status, 406);
    assert.equal(refused.headers.get('content-type')?.split(';')[0], 'application/problem+json');
  });

  test('the explorer page and the docs page carry schema.org Dataset JSON-LD of every dataset, naming the revision', async () => {
    const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8')) as {
      datasets: { id: string }[];
    };
    for (const url of ['/', '/api/v1/docs']) {
      const res = await fetch(`${base}${url}`, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, url);
      const m = (await res.text()).match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
      assert.ok(m, `${url} has a JSON-LD block`);
      const doc = JSON.parse(m[1]!) as {
        '@context': string;
        dataset: {
          '@type': string;
          identifier: string;
          version: string;
          distribution: unknown[];
        }[];
      };
      assert.equal(doc['@context'], 'https://schema.org');
      assert.deepEqual(
        doc.dataset.map((d) => d.identifier),
        catalog.datasets.map((d) => d.id),
        url,
      );
      for (const d of doc.dataset) {
        assert.equal(d['@type'], 'Dataset');
        assert.equal(d.version, res.headers.get('x-dala-revision'));
        assert.ok(d.distribution.length >= 1);
      }
    }
  });

  test("each dataset's URL is its landing page: HTML with schema.org Dataset markup for a browser, the JSON passport for a program, and it is the catalogue's dcat:landingPage", async () => {
    const catalog = JSON.parse(readFileSync(join(dir, 'data/datasets/index.json'), 'utf8')) as {
      datasets: { id: string }[];
    };
    const quads = quadsOf();
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const { id } of catalog.datasets) {
      const url = `${base}/api/v1/datasets/${id}`;
      assert.deepEqual(
        quads
          .filter((q) => q.subject.value === url && q.predicate.value === `${DCAT}landingPage`)
          .map((q) => q.object.value),
        [url],
        `${id}: the catalogue names its URL as its landing page`,
      );
      const page = await fetch(`${base}/api/v1/datasets/${id}`, { headers: { accept: browser } });
      assert.equal(page.status, 200, id);
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(page.headers.get('vary') ?? '', /Accept/);
      // nothing on the page loads or runs but its own style
      assert.match(
        page.headers.get('content-security-policy') ?? '',
        /^default-src 'none'; style-src 'sha256-/,
      );
      const html = await page.text();
      const m = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
      assert.ok(m, `${id}: the page carries JSON-LD`);
      // Google's Dataset structured data: name, a description of 50 to 5,000 characters, url,
      // keywords, license, temporalCoverage, variableMeasured and downloads
      const d = JSON.parse(m[1]!) as {
        '@context': string;
        '@type': string;
        name: string;
        description: string;
        url: string;
        keywords: string[];
        license: string | { url: string; name: string };
        temporalCoverage?: string;
        variableMeasured?: { name: string; unitText?: string }[];
        distribution: { contentUrl: string; encodingFormat: string }[];
      };
      assert.equal(d['@context'], 'https://schema.org');
      assert.equal(d['@type'], 'Dataset');
      // the page's links are root-relative: resolved against the page, they name the app's own URL
      assert.equal(new URL(d.url, `${base}/api/v1/datasets/${id}`).href, url);
      assert.ok(d.name.length > 0);
      assert.ok(
        d.description.length >= 50 && d.description.length <= 5000,
        `${id}: description of ${d.description.length} characters`,
      );
      assert.ok(d.keywords.includes('Kazakhstan') && d.keywords.includes('Қазақстан'), id);
      assert.ok(d.license, `${id} has a license`);
      if (typeof d.license === 'object') {
        assert.equal(new URL(d.license.url, url).href, `${url}#licence-terms`);
        assert.ok(html.includes('id="licence-terms"'), `${id}: the page holds its licence terms`);
      }
      assert.match(d.temporalCoverage ?? '', /^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/, id);
      for (const x of d.distribution) {
        const file = await fetch(new URL(x.contentUrl, url), { method: 'HEAD' });
        assert.equal(file.status, 200, x.contentUrl);
      }
      const json = await fetch(`${base}/api/v1/datasets/${id}`);
      assert.equal(json.status, 200);
      assert.equal(((await json.json()) as { data: { id: string } }).data.id, id);
    }
    const population = await fetch(`${base}/api/v1/datasets/dataset:population?format=html`);
    const html = await population.text();
    const d = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    assert.deepEqual(
      d.variableMeasured.map((v: { name: string; unitText: string }) => [v.name, v.unitText]),
      [['Average annual population', 'persons']],
    );
    assert.match(html, /<p lang="kk">Халықтың орташа жылдық саны<\/p>/);
    assert.equal(
      (
        await fetch(`${base}/api/v1/datasets/dataset:population`, {
          headers: { accept: 'application/json' },
        })
      ).headers.get('content-type'),
      'application/json; charset=utf-8',
    );
  });

  test('a dataset passport cites the release: text, BibTeX and CSL-JSON name the revision and a permalink that answers the sealed file', async () => {
    const res = await fetch(`${base}/api/v1/datasets/dataset:population`);
    const { data } = (await res.json()) as {
      data: {
        citation: {
          text: string;
          bibtex: string;
          csl: { version: string; URL: string; type: string };
          permalink: string;
          revision: string;
        };
      };
    };
    const revision = res.headers.get('x-dala-revision')!;
    const { citation } = data;
    assert.equal(citation.revision, revision);
    // built without a public URL: the path on this server, and the citation says so
    assert.equal(citation.permalink, `/r/${revision}/data/datasets/population.json`);
    assert.ok(citation.text.includes(revision) && citation.text.includes(citation.permalink));
    assert.match(
      citation.text,
      /a path on the server that gave this citation: built without a public URL/,
    );
    assert.match(
      citation.bibtex,
      new RegExp(
        `^@misc\\{dala-population-${revision},[^]*version = \\{${revision}\\}[^]*url = \\{${citation.permalink.replace(/[.]/g, '\\.')}\\}`,
      ),
    );
    assert.deepEqual(
      [citation.csl.type, citation.csl.version, citation.csl.URL],
      ['dataset', revision, citation.permalink],
    );
    const file = await fetch(new URL(citation.permalink, base), {
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(file.status, 200);
    assert.equal(
      await file.text(),
      readFileSync(join(dir, 'data/datasets/population.json'), 'utf8'),
    );
    assert.equal(file.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });
  test('harvest-ready: every dataset has kk/ru/en titles and descriptions, themes, keywords, a licence, issued and modified, a statistical one a landing page; every distribution a licence; no IRI holds two fragments; the recommended properties are present', async () => {
    const quads = quadsOf();
    const of = (s: string, p: string) =>
      quads.filter((q) => q.subject.value === s && q.predicate.value === p).map((q) => q.object);
    const typed = (cls: string) =>
      quads
        .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === cls)
        .map((q) => q.subject.value);
    for (const d of typed(`${DCAT}Dataset`)) {
      for (const p of ['title', 'description'])
        assert.deepEqual(
          of(d, `${DCT}${p}`)
            .map((o) => (o as { language: string }).language)
            .sort(),
          ['en', 'kk', 'ru'],
          `${d} ${p}`,
        );
      for (const p of [
        `${DCAT}theme`,
        `${DCAT}keyword`,
        `${DCT}license`,
        `${DCT}issued`,
        `${DCT}modified`,
      ])
        assert.ok(of(d, p).length > 0, `${d} has ${p}`);
      assert.ok(
        of(d, `${DCAT}theme`).some((t) =>
          t.value.startsWith('http://publications.europa.eu/resource/authority/data-theme/'),
        ),
        `${d}: an EU data theme`,
      );
    }
    for (const x of typed(`${DCAT}Distribution`)) assert.equal(of(x, `${DCT}license`).length, 1, x);
    const population = `${base}/api/v1/datasets/dataset:population`;
    assert.deepEqual(
      of(population, `${DCAT}landingPage`).map((o) => o.value),
      [population],
    );
    assert.match(
      of(population, `${DCT}title`).find((o) => (o as { language: string }).language === 'kk')!
        .value,
      /Халықтың орташа жылдық саны/,
    );
    const iris = new Set(
      quads
        .flatMap((q) => [q.subject, q.object])
        .filter((t) => t.termType === 'NamedNode')
        .map((t) => t.value),
    );
    assert.deepEqual(
      [...iris].filter((i) => i.split('#').length > 2),
      [],
    );
    assert.ok(
      quads.filter((q) => q.predicate.value === 'http://spdx.org/rdf/terms#checksumValue').length >
        150,
    );
    // the recommended properties (shapes_recommended.ttl) of catalogue, datasets, distributions and services
    const recommended = await validateDcatAp(quads, 'shapes_recommended.ttl');
    const classes = new Set([
      ...typed(`${DCAT}Dataset`),
      ...typed(`${DCAT}Distribution`),
      ...typed(`${DCAT}DataService`),
      ...typed(`${DCAT}Catalog`),
    ]);
    assert.deepEqual(recommended.violations.filter((v) => classes.has(v.focus)).slice(0, 5), []);
  });

  test('the RDF/XML catalogue holds the same graph as the Turtle file, and GET /api/v1/catalog answers it', async () => {
    const rdfxml = readFileSync(join(dir, 'data/dcat-catalog.rdf'), 'utf8');
    const key = (q: {
      subject: { value: string };
      predicate: { value: string };
      object: { termType: string; value: string };
    }) => `${q.subject.value} ${q.predicate.value} ${q.object.termType} ${q.object.value}`;
    assert.deepEqual(
      (await parseRdfXml(rdfxml, `${base}/data/dcat-catalog.rdf`)).map(key).sort(),
      quadsOf().map(key).sort(),
    );
    const res = await fetch(`${base}/api/v1/catalog`, {
      headers: { accept: 'application/rdf+xml' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type')?.split(';')[0], 'application/rdf+xml');
    assert.equal(await res.text(), rdfxml);
    const ttl = await fetch(`${base}/api/v1/catalog`, {
      headers: { accept: 'text/turtle;charset=utf-8' },
    });
    assert.equal(ttl.status, 200);
  });
});
