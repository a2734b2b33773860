// Infix lookups through the suffix table give the words a scan of the vocabulary gives: every word
// containing the text, in id order, the first `limit` of them (property over random vocabularies,
// texts shorter and longer than the stored suffixes, and ranges longer than a lookup reads).
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { writeStore, type StoreContent } from '../src/publish/store/write.js';
import { INFIX_IDS_READ, searchStatements } from '../src/store/search.js';
import { INFIX_MIN, SUFFIX_CHARS, suffixes } from '../src/store/search-suffixes.js';
import { tempDir } from './support/temp-dir.js';

const dirs: string[] = [];
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function content(names: string[]): StoreContent {
  const entities = names.map((name, i) => ({
    id: `district:${String(i).padStart(5, '0')}`,
    type: 'district',
    name_en: name,
    name_ru: null,
    name_kk: null,
    data: '{}',
  }));
  return {
    meta: { kind: 'test-fixture' },
    layers: [],
    metrics: [],
    points: [],
    events: [],
    entities,
    entity_names: [],
    relations: [],
    claims: [],
    evidence: [],
  };
}

async function storeOf(names: string[]): Promise<Database.Database> {
  const dir = tempDir('dala-search-suffixes-');
  dirs.push(dir);
  writeStore(join(dir, 'store.sqlite'), content(names));
  return new Database(join(dir, 'store.sqlite'), { readonly: true });
}

function scan(db: Database.Database, text: string, limit: number) {
  const all = db.prepare('SELECT id, word, df FROM search_words ORDER BY id').all() as {
    id: number;
    word: string;
    df: number;
  }[];
  return all.filter((w) => w.word.includes(text)).slice(0, limit);
}

const letters = fc.constantFrom('a', 'k', 'r', 's', 'u', 'z', 'h', '1');
const word = fc.array(letters, { minLength: 1, maxLength: 24 }).map((a) => a.join(''));

test('a stored suffix starts after the first letter, holds INFIX_MIN+ letters and at most SUFFIX_CHARS', () => {
  fc.assert(
    fc.property(word, (w) => {
      for (const s of suffixes(w))
        assert.ok(s.length >= INFIX_MIN && s.length <= SUFFIX_CHARS && w.slice(1).includes(s));
      assert.equal(suffixes(w).length, new Set(suffixes(w)).size);
    }),
  );
});

test('words containing a text, through the suffix table, equal a scan of the vocabulary (random vocabularies)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')),
        { minLength: 1, maxLength: 60 },
      ),
      fc.array(
        fc.array(letters, { minLength: INFIX_MIN, maxLength: 20 }).map((a) => a.join('')),
        { minLength: 1, maxLength: 10 },
      ),
      async (names, texts) => {
        const db = await storeOf(names);
        try {
          const s = searchStatements(db);
          const vocabulary = db.prepare('SELECT word FROM search_words').pluck().all() as string[];
          // texts taken from the vocabulary itself as well as random ones, so that most do match
          const probes = [
            ...texts,
            ...vocabulary
              .filter((v) => v.length >= INFIX_MIN)
              .map((v) => v.slice(1, 1 + INFIX_MIN + (v.length % 17))),
          ].filter((t) => t.length >= INFIX_MIN);
          for (const t of probes)
            for (const limit of [1, 8, 1000])
              assert.deepEqual(
                s.wordsContaining(t, limit),
                scan(db, t, limit),
                `${t} limit ${limit}`,
              );
        } finally {
          db.close();
        }
      },
    ),
    { numRuns: 25 },
  );
});

test('more words containing a text than one lookup reads: the answer still holds only words containing it, in id order', async () => {
  const names = Array.from(
    { length: INFIX_IDS_READ * 3 },
    (_, i) => `zz${i.toString(36)}kara${(i * 7).toString(36)}`,
  );
  const db = await storeOf(names);
  try {
    const got = searchStatements(db).wordsContaining('kara', 8);
    assert.equal(got.length, 8);
    assert.ok(got.every((w) => w.word.includes('kara')));
    assert.deepEqual(
      got.map((w) => w.id),
      [...got.map((w) => w.id)].sort((a, b) => a - b),
    );
  } finally {
    db.close();
  }
});

test('a store sealed before the suffix table (an FTS5 trigram index of the words) gives the same infix answers', async () => {
  const names = Array.from(
    { length: 400 },
    (_, i) =>
      `zz${i.toString(36)}kara${(i * 7).toString(36)} su${i % 13}tau ${i % 3 ? 'aksu' : 'karasu'}`,
  );
  const db = await storeOf(names);
  const path = db.name;
  db.close();
  const old = new Database(path);
  old.exec(`DROP TABLE search_suffixes;
    CREATE VIRTUAL TABLE search_words_fts USING fts5(word, content='search_words', content_rowid='id', tokenize='trigram');
    INSERT INTO search_words_fts(search_words_fts) VALUES ('rebuild');`);
  old.close();
  const reopened = new Database(path, { readonly: true });
  try {
    const s = searchStatements(reopened);
    for (const t of ['kara', 'ara', 'su1', 'aksu', 'karasu', 'tau', 'zz1', 'zzzz']) {
      for (const limit of [1, 8, 1000])
        assert.deepEqual(
          s.wordsContaining(t, limit),
          scan(reopened, t, limit),
          `${t} limit ${limit}`,
        );
    }
  } finally {
    reopened.close();
  }
});
