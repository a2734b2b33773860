// A small sealed release for fast route tests, built with the real store writer and sealer.
// Its rows are test fixtures (labelled so in meta.kind), never published; the real-data tests use
// test/support/release.ts#realRelease().
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stableJson } from '../../src/lib/canonical-json.js';
import {
  writeStore,
  type SearchNotes,
  type StoreContent,
  type StoreStream,
} from '../../src/publish/store/write.js';
import { makeStaging } from '../../src/release/staging.js';
import { sealRelease, type SealResult } from '../../src/release/seal.js';
import { tempDir } from './temp-dir.js';

export interface FixtureOptions {
  /** Population value for Karaganda 2024; change it to make a second release that differs. */
  karaganda2024?: number;
  builtAt?: string;
}

function names(en: string, ru: string, kk: string) {
  return { name_en: en, name_ru: ru, name_kk: kk };
}

export function fixtureStore(opts: FixtureOptions = {}): StoreContent {
  const place = (iso: string, slug: string, en: string, ru: string, kk: string, kind: string) => ({
    id: `place:${iso}`,
    type: 'place',
    ...names(en, ru, kk),
    data: JSON.stringify({ id: `place:${iso}`, iso, slug, kind, name: { en, ru, kk } }),
  });
  const pop = (place: string, period: string, value: number | null) => ({
    metric: 'population',
    place,
    period,
    period_start: `${period}-01-01`,
    period_end: `${period}-12-31`,
    value,
    null_reason: value === null ? 'not published in the source table' : null,
    status: 'final',
    unit: 'persons',
    source_id: 'bns-population',
    note: null,
  });
  return {
    meta: {
      kind: 'test-fixture',
      as_of: '2025-12-31',
      built_at: opts.builtAt ?? '2026-01-01T00:00:00Z',
    },
    layers: [
      {
        id: 'demography',
        title_en: 'Demography',
        title_ru: 'Демография',
        title_kk: 'Демография',
        description: 'Population',
      },
      {
        id: 'economy',
        title_en: 'Economy',
        title_ru: 'Экономика',
        title_kk: 'Экономика',
        description: 'GRP',
      },
    ],
    metrics: [
      {
        id: 'population',
        layer: 'demography',
        ...names('Population', 'Население', 'Халық саны'),
        unit: 'persons',
        frequency: 'annual',
        aggregation: 'sum',
        source_id: 'bns-population',
        notes: '',
      },
      {
        id: 'grp_cumulative',
        layer: 'economy',
        ...names('GRP, cumulative', 'ВРП, нарастающим итогом', 'ЖӨӨ'),
        unit: 'mln KZT',
        frequency: 'quarterly-cumulative',
        aggregation: 'last',
        source_id: 'bns-grp',
        notes: '',
      },
    ],
    points: [
      pop('KZ-35', '2023', 1_130_000),
      pop('KZ-35', '2024', opts.karaganda2024 ?? 1_131_000),
      pop('KZ-35', '2025', null),
      pop('KZ-19', '2024', 1_500_000),
      pop('KZ-75', '2024', 2_200_000),
      pop('KZ', '2024', 20_000_000),
      {
        metric: 'grp_cumulative',
        place: 'KZ-35',
        period: '2024-Q1',
        period_start: '2024-01-01',
        period_end: '2024-03-31',
        value: 1000,
        null_reason: null,
        status: 'final',
        unit: 'mln KZT',
        source_id: 'bns-grp',
        note: null,
      },
      {
        metric: 'grp_cumulative',
        place: 'KZ-35',
        period: '2024-H1',
        period_start: '2024-01-01',
        period_end: '2024-06-30',
        value: 2100,
        null_reason: null,
        status: 'final',
        unit: 'mln KZT',
        source_id: 'bns-grp',
        note: null,
      },
    ],
    events: [
      {
        id: 'event:2022-06-08-new-regions',
        date: '2022-06-08',
        kind: 'reform',
        place: 'KZ',
        title_en: 'Fixture event A',
        title_ru: 'Событие A',
        title_kk: 'Оқиға A',
        source_url: 'https://example.org/a',
        review_status: 'unreviewed',
      },
      {
        id: 'event:2022-09-17-astana',
        date: '2022-09-17',
        kind: 'renaming',
        place: 'KZ-71',
        title_en: 'Fixture event B',
        title_ru: 'Событие B',
        title_kk: 'Оқиға B',
        source_url: 'https://example.org/b',
        review_status: 'unreviewed',
      },
    ],
    entities: [
      place(
        'KZ-35',
        'karaganda',
        'Karaganda Region',
        'Карагандинская область',
        'Қарағанды облысы',
        'region',
      ),
      place(
        'KZ-19',
        'almaty-region',
        'Almaty Region',
        'Алматинская область',
        'Алматы облысы',
        'region',
      ),
      place('KZ-75', 'almaty', 'Almaty', 'Алматы', 'Алматы', 'city'),
    ],
    entity_names: [
      { entity_id: 'place:KZ-35', name: 'Karaganda', lang: 'en', kind: 'name' },
      { entity_id: 'place:KZ-35', name: 'Караганда', lang: 'ru', kind: 'name' },
      { entity_id: 'place:KZ-35', name: 'Қарағанды', lang: 'kk', kind: 'name' },
      { entity_id: 'place:KZ-35', name: 'Karagandy', lang: 'en', kind: 'alias' },
      { entity_id: 'place:KZ-35', name: 'karaganda', lang: 'und', kind: 'slug' },
      { entity_id: 'place:KZ-19', name: 'Almaty', lang: 'en', kind: 'name' },
      { entity_id: 'place:KZ-19', name: 'almaty-region', lang: 'und', kind: 'slug' },
      { entity_id: 'place:KZ-75', name: 'Almaty', lang: 'en', kind: 'name' },
      { entity_id: 'place:KZ-75', name: 'almaty', lang: 'und', kind: 'slug' },
    ],
    relations: [],
    claims: [],
    evidence: [],
  };
}

async function put(root: string, path: string, body: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), body);
}

/** Seals the given data files and store rows as a fixture release in releasesDir (created when absent). */
export async function sealFixture(
  releasesDir: string | undefined,
  files: Record<string, string>,
  /** Lists, or streams (a scaled synthetic store, bench/scale/). */
  store: StoreStream & SearchNotes,
  builtAt = '2026-01-01T00:00:00Z',
  /** Runs on the written store file before the seal (to make a store as an older build wrote it). */
  alterStore?: (path: string) => void,
): Promise<SealResult & { releasesDir: string }> {
  const dir = releasesDir ?? tempDir('dala-fixture-');
  await mkdir(dir, { recursive: true });
  const staging = await makeStaging(dir);
  for (const [path, body] of Object.entries(files)) await put(staging, path, body);
  await put(staging, 'evidence/validation.json', stableJson({ ok: true, kind: 'test-fixture' }));
  await put(staging, 'evidence/counts.json', stableJson({ kind: 'test-fixture' }));
  writeStore(join(staging, 'store.sqlite'), store);
  alterStore?.(join(staging, 'store.sqlite'));
  const result = await sealRelease({
    releasesDir: dir,
    stagingDir: staging,
    schemaVersion: '1.0.0',
    builtAt,
    asOf: '2025-12-31',
    releaseManifest: (seal, earlier) => ({ ...seal, lineage: earlier, kind: 'test-fixture' }),
    validate: () => {},
  });
  return { ...result, releasesDir: dir };
}

/** Builds and seals a fixture release into releasesDir (created when absent). */
export async function makeFixtureRelease(
  releasesDir?: string,
  opts: FixtureOptions = {},
): Promise<SealResult & { releasesDir: string }> {
  return sealFixture(
    releasesDir,
    {
      'data/country-pulse.json': stableJson({ kind: 'test-fixture', indicators: [] }),
      'data/region-analytics/karaganda.json': stableJson({ iso: 'KZ-35', slug: 'karaganda' }),
      'data/geo/regions/karaganda.geojson': stableJson({ type: 'FeatureCollection', features: [] }),
      'data/datasets/index.csv': 'id,title\nfixture,Fixture\n',
    },
    fixtureStore(opts),
    opts.builtAt,
  );
}
