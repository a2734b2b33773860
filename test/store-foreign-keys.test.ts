// The store is loaded with SQLite's per-row foreign-key checks off and checked once the rows are in
// (src/publish/store/load.ts): a row naming a row that does not exist still fails the build, with the
// table, the row and the field, whichever thread wrote it, and a failed build publishes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeStore, type StoreContent } from '../src/publish/store/write.js';
import { publishRelease, type PreparedRelease } from '../src/release/publish.js';
import { fixtureStore } from './support/fixture-release.js';

function writeFails(content: StoreContent, message: RegExp): void {
  const dir = mkdtempSync(join(tmpdir(), 'dala-fk-'));
  try {
    assert.throws(() => writeStore(join(dir, 'store.sqlite'), content), message);
    // nothing of the store's second-thread part is left behind
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.includes('part')),
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a name of an entity the store does not hold fails the store, naming the table, the row and the field', () => {
  const content = fixtureStore();
  content.entity_names.push({
    entity_id: 'place:KZ-99',
    name: 'Nowhere',
    lang: 'en',
    kind: 'name',
  });
  writeFails(
    content,
    /store entity_names: row \{"entity_id":"place:KZ-99","name":"Nowhere","lang":"en","kind":"name"\}: field entity_id = "place:KZ-99" names no row of entities\(id\)/,
  );
});

test('a metric of a layer the store does not hold fails the store, naming the metric and the field', () => {
  const content = fixtureStore();
  content.metrics[0] = { ...content.metrics[0]!, layer: 'no-such-layer' };
  writeFails(
    content,
    /store metrics: row \{"id":"population"\}: field layer = "no-such-layer" names no row of layers\(id\)/,
  );
});

test('a point of a metric the store does not hold fails the store, naming the metric and the place', () => {
  const content = fixtureStore();
  content.points.push({ ...content.points[0]!, metric: 'zz_unknown' });
  writeFails(
    content,
    /store points: metric "zz_unknown" \(place KZ-35\) is not in the metrics table/,
  );
});

test('an entity row without a field fails the store from its thread, naming the table, the row and the field', () => {
  const content = fixtureStore();
  const { data: _, ...noData } = content.entities[0]!;
  content.entities[0] = noData as StoreContent['entities'][number];
  writeFails(
    content,
    new RegExp(`store entities: row \\{"id":"${content.entities[0]!.id}"\\} has no field data`),
  );
});

test('a build whose store has a dangling name publishes nothing', async () => {
  const releases = mkdtempSync(join(tmpdir(), 'dala-fk-releases-'));
  try {
    const content = fixtureStore();
    content.entity_names.push({
      entity_id: 'place:KZ-99',
      name: 'Nowhere',
      lang: 'en',
      kind: 'name',
    });
    const release: PreparedRelease = {
      artifacts: [],
      store: () => content,
      evidence: { validation: {}, counts: {} },
      builtAt: '2026-01-01T00:00:00Z',
      asOf: '2025-12-31',
      releaseManifest: () => {
        throw new Error('not reached: the store fails first');
      },
      validate: () => {},
    };
    await assert.rejects(
      publishRelease(releases, release),
      /field entity_id = "place:KZ-99" names no row of entities/,
    );
    assert.deepEqual(readdirSync(releases), []);
    assert.equal(existsSync(join(releases, 'CURRENT')), false);
  } finally {
    rmSync(releases, { recursive: true, force: true });
  }
});
