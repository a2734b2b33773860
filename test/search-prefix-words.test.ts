// The vocabulary words a query word starts are chosen by use (df) among a bounded run of the
// prefix's range: equal to ranking the whole range wherever the range is shorter than the run, and
// never reading more of it otherwise. Checked against a plain computation over the whole vocabulary.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { writeStore, type StoreContent } from '../src/publish/store/write.js';
import { PREFIX_WORDS_READ, searchStatements } from '../src/store/search.js';
import { tempDir } from './support/temp-dir.js';

const SYLLABLES = [
  'a',
  'ak',
  'kara',
  'su',
  'tau',
  'bay',
  'zhan',
  'kol',
  'sar',
  'tobe',
  'kum',
  'bulak',
  'ozek',
  'shy',
  'mir',
  'nur',
];

function store(n: number): StoreContent {
  const entities: StoreContent['entities'] = [];
  for (let i = 0; i < n; i++) {
    // words of 1 to 3 syllables, some used by many names (df varies), many sharing a prefix
    const w1 =
      SYLLABLES[i % 16]! +
      SYLLABLES[(i * 7) % 16]! +
      (i % 3 === 0 ? SYLLABLES[(i * 13) % 16]! : '');
    const w2 = SYLLABLES[(i * 5) % 16]! + String(i % 97);
    entities.push({
      id: `district:${String(i).padStart(5, '0')}`,
      type: 'district',
      name_en: `${w1} ${w2}`,
      name_ru: null,
      name_kk: null,
      data: '{}',
    });
  }
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

let dir: string;
let db: Database.Database;
before(async () => {
  dir = tempDir('dala-search-prefix-');
  writeStore(join(dir, 'store.sqlite'), store(3000));
  db = new Database(join(dir, 'store.sqlite'), { readonly: true });
});
after(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

test('words a prefix starts: the most used of the first PREFIX_WORDS_READ words of its range, ties by word', () => {
  const vocabulary = db.prepare('SELECT id, word, df FROM search_words ORDER BY word').all() as {
    id: number;
    word: string;
    df: number;
  }[];
  const s = searchStatements(db);
  let longRanges = 0;
  let differsFromWholeRange = 0;
  const prefixes = new Set(
    vocabulary.flatMap((w) => [w.word.slice(0, 1), w.word.slice(0, 2), w.word.slice(0, 4)]),
  );
  for (const prefix of prefixes) {
    const range = vocabulary.filter((w) => w.word > prefix && w.word.startsWith(prefix));
    if (range.length > PREFIX_WORDS_READ) longRanges++;
    const expected = range
      .slice(0, PREFIX_WORDS_READ)
      .sort((a, b) => b.df - a.df || (a.word < b.word ? -1 : 1))
      .slice(0, 8);
    assert.deepEqual(s.wordsWithPrefix(prefix, 8), expected, prefix);
    const whole = [...range].sort((a, b) => b.df - a.df || (a.word < b.word ? -1 : 1)).slice(0, 8);
    if (JSON.stringify(whole) !== JSON.stringify(expected)) differsFromWholeRange++;
  }
  assert.ok(
    longRanges > 0 && differsFromWholeRange > 0,
    'some prefix starts more words than are read, and its whole range would rank otherwise',
  );
});
