// Key-set pages read through their indexes give every row once, in order: the events pages in (date,
// id) order, and the snapshot diff's pages of series the diff of every point of the two releases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Database } from 'better-sqlite3';
import { addDays } from '../src/store/periods.js';
import { EVENTS_AFTER } from '../src/store/event-reader.js';
import { type PointRow } from '../src/store/rollup.js';
import { snapshotDiff } from '../src/serve/timemachine/snapshot-diff.js';
import type { LoadedRelease, ReleaseSource } from '../src/serve/releases/release-types.js';
import { withStore, withStoreAsync } from './support/temp-store.js';
import { START, makeStore, date, store } from './support/access-paths-fixture.js';

test('events: walking the key-set pages gives every event in (date, id) order, each page read through the index', () => {
  const eventArb = fc.record({
    day: fc.integer({ min: 0, max: 30 }),
    n: fc.integer({ min: 0, max: 999 }),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(eventArb, { selector: (e) => e.n, maxLength: 60 }),
      fc.integer({ min: 1, max: 25 }),
      (raw, limit) => {
        const content = makeStore([]);
        content.events = raw.map((e) => ({
          id: `event:${String(e.n).padStart(3, '0')}`,
          date: addDays(START, e.day),
          kind: 'test',
          place: 'KZ',
          title_en: 't',
          title_ru: 't',
          title_kk: 't',
          source_url: 'https://example.org/',
          review_status: 'demonstration',
        }));
        withStore(content, (db, reader) => {
          const plain = db.prepare('SELECT * FROM events ORDER BY date, id').all();
          const walked: unknown[] = [];
          let after: string | undefined;
          for (;;) {
            const page = reader.events.page(limit, after)!;
            assert.ok(page.rows.length <= limit);
            walked.push(...page.rows);
            if (!page.more) break;
            after = page.rows[page.rows.length - 1]!.id;
          }
          assert.deepStrictEqual(walked, plain);
          assert.equal(reader.events.page(limit, 'event:none'), undefined);
          const plan = (
            db.prepare(`EXPLAIN QUERY PLAN ${EVENTS_AFTER}`).all('2024-01-01', 'x', 5) as {
              detail: string;
            }[]
          ).map((r) => r.detail);
          assert.ok(
            plan.some((d) =>
              /SEARCH events USING INDEX events_date \(\(date,id\)>\(\?,\?\)\)/.test(d),
            ),
            plan.join(' / '),
          );
        });
      },
    ),
    { numRuns: 60 },
  );
});

test('snapshot-diff: walking its pages of series gives the diff of every point of the two releases', async () => {
  const plainDiff = (before: Database, after: Database) => {
    const all = (db: Database) =>
      new Map(
        (db.prepare('SELECT * FROM points ORDER BY metric, place, period').all() as PointRow[]).map(
          (p) => [`${p.metric}|${p.place}|${p.period}`, p],
        ),
      );
    const [b, a] = [all(before), all(after)];
    const ref = (p: PointRow) => ({ metric: p.metric, place: p.place, period: p.period });
    const st = (p: PointRow) => ({
      value: p.value,
      null_reason: p.null_reason,
      status: p.status,
      unit: p.unit,
      source_id: p.source_id,
      note: p.note,
    });
    return {
      added: [...a].filter(([k]) => !b.has(k)).map(([, p]) => ({ ...ref(p), to: st(p) })),
      changed: [...a]
        .filter(([k, p]) => b.has(k) && JSON.stringify(st(b.get(k)!)) !== JSON.stringify(st(p)))
        .map(([k, p]) => ({ ...ref(p), from: st(b.get(k)!), to: st(p) })),
      removed: [...b].filter(([k]) => !a.has(k)).map(([, p]) => ({ ...ref(p), from: st(p) })),
    };
  };
  await fc.assert(
    fc.asyncProperty(
      store,
      store,
      fc.integer({ min: 1, max: 40 }),
      async (rawBefore, rawAfter, pageRows) => {
        // Half the time the second release is the first with a few points edited, else another store.
        const after = makeStore(
          rawAfter.length % 2
            ? rawAfter
            : rawBefore.map((r, i) =>
                i % 5 === 0 ? { ...r, value: r.value === null ? 1 : null } : r,
              ),
        );
        await withStoreAsync(makeStore(rawBefore), (dbBefore) =>
          withStoreAsync(after, async (dbAfter) => {
            const prev = { db: dbBefore, revision: 'a', seal: {} } as unknown as LoadedRelease;
            const release = {
              db: dbAfter,
              revision: 'b',
              seal: { previous_revision: 'a' },
            } as unknown as LoadedRelease;
            const releases = { get: async () => prev } as unknown as ReleaseSource;
            const walked = {
              added: [] as object[],
              changed: [] as object[],
              removed: [] as object[],
            };
            let cursor: string | undefined;
            for (;;) {
              const page = (await snapshotDiff(
                release,
                releases,
                cursor === undefined ? {} : { after: cursor },
                pageRows,
              )) as any;
              for (const k of ['added', 'changed', 'removed'] as const) walked[k].push(...page[k]);
              if (!page.next_after) break;
              cursor = page.next_after;
            }
            assert.deepStrictEqual(walked, plainDiff(dbBefore, dbAfter));
          }),
        );
      },
    ),
    { numRuns: 40 },
  );
});
