// Test support for the /api/v1/ tests: the shared fixture store extended with the v1 rows it lacks
// (districts, aliases, institutions, persons, datasets with passports, sources, relations, claims,
// evidence), sealed the same way as test/support/fixture-release.ts, and the production app serving
// it. Rows are test fixtures (meta.kind test-fixture), never published.
import { stableJson } from '../../src/lib/canonical-json.js';
import type { StoreContent } from '../../src/publish/store/write.js';
import type { SealResult } from '../../src/release/seal.js';
import { buildApp, type DalaApp } from '../../src/serve/app.js';
import type { BucketPolicy } from '../../src/serve/rate-limit/bucket.js';
import type { ReleaseHolder } from '../../src/serve/releases/release-holder.js';
import { fixtureStore, sealFixture } from './fixture-release.js';

type Entity = StoreContent['entities'][number];
type Name = StoreContent['entity_names'][number];

export function entity(
  id: string,
  type: string,
  en: string,
  ru: string,
  kk: string,
  data: Record<string, unknown> = {},
): Entity {
  return { id, type, name_en: en, name_ru: ru, name_kk: kk, data: JSON.stringify({ id, ...data }) };
}
const name = (entity_id: string, n: string, lang: string, kind: string): Name => ({
  entity_id,
  name: n,
  lang,
  kind,
});

const topic = (id: string, en: string, ru: string, kk: string, notation: string | null = null) => ({
  id,
  kind: notation === null ? 'domain' : 'sdg-goal',
  notation,
  name_en: en,
  name_ru: ru,
  name_kk: kk,
  source_url: 'https://stat.gov.kz/',
});

export function v1Store(
  opts: { karaganda2024?: number; extraEntities?: Entity[] } = {},
): StoreContent {
  const base = fixtureStore(opts);
  return {
    ...base,
    meta: {
      ...base.meta,
      topic_scheme: 'dala-topics',
      topic_scheme_kk: 'Dala тақырыптары',
      topic_scheme_ru: 'Темы Dala',
      topic_scheme_en: 'Dala topics',
    },
    entities: [
      ...base.entities,
      entity('place:KZ-71', 'place', 'Astana', 'Астана', 'Астана', {
        iso: 'KZ-71',
        slug: 'astana',
        kind: 'city',
      }),
      ...(opts.extraEntities ?? []),
      entity('place:KZ-35/KZ3510', 'district', 'Karaganda (city)', 'Караганда', 'Қарағанды', {
        parent: 'place:KZ-35',
        kind: 'city-of-regional-significance',
      }),
      entity(
        'place:KZ-35/KZ3520',
        'district',
        'Bukhar-Zhyrau District',
        'Бухар-Жырауский район',
        'Бұқар жырау ауданы',
        { parent: 'place:KZ-35', kind: 'district' },
      ),
      entity(
        'institution:karaganda-university',
        'institution',
        'Karaganda University',
        'Карагандинский университет',
        'Қарағанды университеті',
        { place: 'place:KZ-35' },
      ),
      entity('person:akim-karaganda', 'person', 'Fixture Person', 'Тестовый Человек', 'Тест Адам', {
        role: 'akim',
        place: 'place:KZ-35',
      }),
      entity('indicator:population', 'indicator', 'Population', 'Население', 'Халық саны', {
        unit: 'persons',
      }),
      entity(
        'dataset:population',
        'dataset',
        'Population by region',
        'Численность населения по регионам',
        'Өңірлер бойынша халық саны',
        {
          as_of: '2025-12-31',
          sla_days: 365,
          historical: false,
          unit: 'persons',
          source: 'source:bns-population',
        },
      ),
      entity(
        'dataset:grp-2010',
        'dataset',
        'GRP 2010 archive',
        'ВРП 2010 архив',
        'ЖӨӨ 2010 мұрағат',
        { sla_days: 365, historical: true },
      ),
      entity(
        'source:bns-population',
        'source',
        'Bureau of National Statistics: population',
        'БНС: население',
        'ҰСБ: халық',
        { url: 'https://stat.gov.kz/' },
      ),
      entity('event:2022-09-17-astana', 'event', 'Fixture event B', 'Событие B', 'Оқиға B', {
        date: '2022-09-17',
      }),
    ],
    entity_names: [
      ...base.entity_names,
      name('place:KZ-35', 'KZ-KAR', 'und', 'legacy_code'),
      name('place:KZ-35', 'KZ-35', 'und', 'code'),
      name('place:KZ-71', 'Nur-Sultan', 'en', 'alias'),
      name('place:KZ-71', 'Нур-Султан', 'ru', 'alias'),
      name('place:KZ-71', 'astana', 'und', 'slug'),
      name('place:KZ-71', 'KZ-71', 'und', 'code'),
      name('place:KZ-35/KZ3510', 'Karaganda', 'en', 'name'),
    ],
    // the topic scheme and the indicators' topics (src/publish/store/topics.ts); labour holds none here,
    // grp_cumulative two (a domain and an SDG goal)
    topics: [
      topic(
        'population',
        'Population and demography',
        'Население и демография',
        'Халық және демография',
      ),
      topic(
        'labour',
        'Labour market and employment',
        'Рынок труда и занятость',
        'Еңбек нарығы және жұмыспен қамту',
      ),
      topic('national-accounts', 'National accounts', 'Национальные счета', 'Ұлттық шоттар'),
      topic(
        'sdg-8',
        'Decent jobs and economic growth',
        'Достойна работа и экономический рост',
        'Лайықты жұмыс пен экономикалық өсу',
        '8',
      ),
    ],
    indicator_topics: [
      { topic: 'national-accounts', indicator: 'grp_cumulative' },
      { topic: 'population', indicator: 'population' },
      { topic: 'sdg-8', indicator: 'grp_cumulative' },
    ],
    relations: [
      {
        id: 'relation:kz3510-in-kz35',
        subject: 'place:KZ-35/KZ3510',
        predicate: 'located_in',
        object: 'place:KZ-35',
        source_url: 'https://example.org/atu',
        review_status: 'unreviewed',
        valid_from: null,
      },
      {
        id: 'relation:university-in-kz35',
        subject: 'institution:karaganda-university',
        predicate: 'located_in',
        object: 'place:KZ-35',
        source_url: 'https://example.org/u',
        review_status: 'unreviewed',
        valid_from: null,
      },
    ],
    claims: [
      {
        id: 'claim:kz35-population-2024',
        subject: 'place:KZ-35',
        property: 'population',
        value: String(opts.karaganda2024 ?? 1_131_000),
        period: '2024',
        source_id: 'bns-population',
        evidence_id: 'evidence:bns-population-table',
      },
    ],
    evidence: [
      {
        id: 'evidence:bns-population-table',
        kind: 'source-file',
        source_id: 'bns-population',
        path: 'snapshots/bns/population.xlsx',
        sha256: '0'.repeat(64),
        description: 'Fixture evidence row',
      },
    ],
  };
}

/** Seals a v1 fixture release into releasesDir (created when absent); CURRENT then names it. */
/** `extraEntities`: entities a test adds to the fixture, for a ranking the shared rows cannot show. */
/** `extraFiles`: data files a test adds (path under the release, e.g. data/datasets/x.csv, and content). */
export async function makeV1Release(
  releasesDir?: string,
  opts: {
    karaganda2024?: number;
    builtAt?: string;
    extraEntities?: Entity[];
    extraFiles?: Record<string, string>;
  } = {},
): Promise<SealResult & { releasesDir: string }> {
  return sealFixture(
    releasesDir,
    {
      ...opts.extraFiles,
      'data/country-pulse.json': stableJson({ kind: 'test-fixture', indicators: [] }),
      'data/geo/regions/karaganda.geojson': stableJson({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { iso: 'KZ-35', kind: 'test-fixture' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [73, 49],
                  [74, 49],
                  [74, 50],
                  [73, 49],
                ],
              ],
            },
          },
        ],
      }),
    },
    v1Store(opts),
    opts.builtAt,
  );
}

export interface V1Server {
  app: DalaApp;
  holder: ReleaseHolder;
  url: string; // http://127.0.0.1:<port>
  base: string; // http://127.0.0.1:<port>/api/v1
  routes: { method: string; url: string }[]; // every route registered, as Fastify's onRoute saw it
  close(): Promise<void>;
}

/**
 * The production app (buildApp) on 127.0.0.1, port 0. Route tests get a large budget so they never
 * meet the limiter; the rate-limit tests pass the real policy.
 */
export async function startV1(
  releasesDir: string,
  opts: {
    rateLimit?: BucketPolicy;
    now?: () => Date;
    bucketClock?: () => number;
    redisUrl?: string;
    trustProxy?: string[];
    /** DALA_PUBLIC_URL at serve time. */
    publicUrl?: string;
  } = {},
): Promise<V1Server> {
  const app = await buildApp({
    releasesDir,
    logger: false,
    redisUrl: opts.redisUrl,
    trustProxy: opts.trustProxy,
    publicUrl: opts.publicUrl,
    v1: {
      rateLimit: opts.rateLimit ?? { burst: 10_000, refillPerSecond: 1000 },
      now: opts.now,
      bucketClock: opts.bucketClock,
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    holder: app.releases,
    url: address,
    base: `${address}/api/v1`,
    routes: app.routeTable,
    close: () => app.close(),
  };
}

/** GET or POST and parse JSON (problem+json included). */
export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}
