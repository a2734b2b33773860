// The prepared release test/support/build-child.ts writes and seals: fixture data files and the
// fixture store grown by generated points (test fixtures, labelled so, never published). Each variant
// changes one stored value and one data file, so each variant has its own revision.
import type { Artifact } from '../../src/publish/artifact.js';
import type { StoreStream } from '../../src/publish/store/write.js';
import type { PreparedRelease } from '../../src/release/publish.js';
import { faultPoint } from '../../src/release/fault.js';
import { fixtureStore } from './fixture-release.js';

export const BULK_FILES = 40;
export const EXTRA_PLACES = 150;
const YEARS = 10;

function artifacts(variant: number): Artifact[] {
  const out: Artifact[] = [
    { path: 'country-pulse.json', json: { kind: 'test-fixture', variant } },
    {
      path: 'region-analytics/karaganda.json',
      json: { kind: 'test-fixture', iso: 'KZ-35', slug: 'karaganda' },
    },
    { path: 'datasets/index.csv', bytes: Buffer.from('id,title\nfixture,Fixture\n') },
  ];
  for (let i = 0; i < BULK_FILES; i++) {
    const rows = Array.from({ length: 100 }, (_, j) => ({ i, j, label: `fixture row ${i}-${j}` }));
    out.push({
      path: `bulk/${String(i).padStart(4, '0')}.json`,
      json: { kind: 'test-fixture', rows },
    });
  }
  return out;
}

/** The fixture store plus EXTRA_PLACES x YEARS generated points, so the store write takes a while. */
function store(variant: number): StoreStream {
  const base = fixtureStore({ karaganda2024: 1_000_000 + variant });
  function* points() {
    yield* base.points;
    for (let p = 0; p < EXTRA_PLACES; p++) {
      for (let y = 0; y < YEARS; y++) {
        const period = String(2010 + y);
        yield {
          metric: 'population',
          place: `KZ-FIXTURE-${p}`,
          period,
          period_start: `${period}-01-01`,
          period_end: `${period}-12-31`,
          value: 1000 + p + y,
          null_reason: null,
          status: 'final',
          unit: 'persons',
          source_id: 'bns-population',
          note: 'test fixture',
        };
        // The store writer has no fault point of its own: this row stream stops the build mid-store.
        faultPoint('fixture.store-row');
      }
    }
  }
  return { ...base, points: points() };
}

export function prepared(variant: number): PreparedRelease {
  return {
    artifacts: artifacts(variant),
    store: () => store(variant),
    evidence: {
      validation: { kind: 'test-fixture', validated: 0 },
      counts: { kind: 'test-fixture', variant },
    },
    builtAt: '2026-01-01T00:00:00Z',
    asOf: '2025-12-31',
    releaseManifest: (seal) => ({ ...seal, kind: 'test-fixture' }),
    validate: () => {},
  };
}
