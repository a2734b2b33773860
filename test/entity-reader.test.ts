// The entity reader's keyed pages give exactly what the plain query over the entities table gives,
// over random stores (property-based): per-type seeks merged in id order, the id before an offset,
// counts, and the whole listing read page by page. Ids include non-ASCII and astral characters, where
// SQLite's byte order and JavaScript's UTF-16 order differ. Speed is measured in bench/, never here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { StoreContent } from '../src/publish/store/write.js';
import { compareCodePoints, EntityReader, type EntityRow } from '../src/store/entity-reader.js';
import { withStore } from './support/temp-store.js';

const TYPES = ['place', 'district', 'institution', 'source', 'dataset'];
const idArb = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'z',
      ':',
      '/',
      '-',
      'ж',
      'Ә',
      '\uff21',
      '\u{1F600}',
      '\u{10400}',
      '0',
      '9',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((cs) => cs.join(''));
const entityArb = fc.record({ id: idArb, type: fc.constantFrom(...TYPES) });

function content(list: { id: string; type: string }[]): { store: StoreContent; rows: EntityRow[] } {
  const seen = new Set<string>();
  const rows: EntityRow[] = [];
  for (const e of list) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    rows.push({
      id: e.id,
      type: e.type,
      name_en: `Name ${e.id}`,
      name_ru: null,
      name_kk: null,
      data: JSON.stringify({ n: rows.length }),
    });
  }
  const store: StoreContent = {
    meta: { kind: 'test-fixture' },
    layers: [],
    metrics: [],
    points: [],
    events: [],
    entities: rows,
    entity_names: [],
    relations: [],
    claims: [],
    evidence: [],
  };
  return { store, rows };
}

function withReader<T>(
  store: StoreContent,
  f: (reader: EntityReader, plain: (types: readonly string[]) => EntityRow[]) => T,
): T {
  return withStore(store, (db) => {
    const plain = (types: readonly string[]) =>
      db
        .prepare(
          'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE type IN (SELECT value FROM json_each(?)) ORDER BY id',
        )
        .all(JSON.stringify(types)) as EntityRow[];
    return f(new EntityReader(db), plain);
  });
}

const typesArb = fc.uniqueArray(fc.constantFrom(...TYPES), {
  minLength: 1,
  maxLength: TYPES.length,
});

test('a page after any id, of any set of types, equals the slice of the plain ordered query', () => {
  fc.assert(
    fc.property(
      fc.array(entityArb, { maxLength: 60 }),
      typesArb,
      fc.integer({ min: 1, max: 25 }),
      fc.nat(70),
      (list, types, limit, offset) => {
        const { store } = content(list);
        withReader(store, (reader, plain) => {
          const all = plain(types);
          assert.equal(reader.count(types), all.length);
          const after = reader.idBefore(types, offset);
          assert.equal(after, offset > 0 ? (all[offset - 1]?.id ?? null) : null);
          if (offset === 0 || after !== null)
            assert.deepEqual(
              reader.pageAfter(types, after, limit),
              all.slice(offset, offset + limit),
            );
          // going back from the entity at `offset` by k places lands on the entity at offset - k
          const at = all[offset];
          if (at)
            for (const k of [1, limit, limit + 1])
              assert.equal(
                reader.idBack(types, at.id, k),
                offset - k >= 0 ? all[offset - k]!.id : null,
              );
          assert.deepEqual([...reader.all(types, limit)], all);
        });
      },
    ),
    { numRuns: 60 },
  );
});

test('one entity by id, and whether an id exists, as the plain lookup says', () => {
  fc.assert(
    fc.property(
      fc.array(entityArb, { maxLength: 30 }),
      fc.array(idArb, { maxLength: 10 }),
      (list, asked) => {
        const { store, rows } = content(list);
        withReader(store, (reader) => {
          for (const id of [...rows.map((r) => r.id), ...asked]) {
            const row = rows.find((r) => r.id === id);
            assert.deepEqual(reader.get(id), row);
            assert.equal(reader.has(id), row !== undefined);
          }
        });
      },
    ),
    { numRuns: 40 },
  );
});

test('ids merge in the byte order of their UTF-8, as SQLite orders them', () => {
  fc.assert(
    fc.property(idArb, idArb, (a, b) => {
      const bytes = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
      assert.equal(Math.sign(compareCodePoints(a, b)), bytes);
    }),
  );
});
