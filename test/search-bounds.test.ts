// The work of one search is bounded after normalisation, whatever the store holds and whatever the
// input: checked by counting what a query reads (names scored, vocabulary words read), not by timing.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { MAX_KEY_LENGTH, searchKey } from '../src/lib/text-normalise.js';
import { writeStore, type StoreContent } from '../src/publish/store/write.js';
import { batchCandidates, LIMITS } from '../src/serve/v1/search/candidates.js';
import { search } from '../src/serve/v1/search/engine.js';
import { MAX_BATCH } from '../src/serve/v1/reconcile-query.js';
import { MAX_QUERY_WORDS, parseQuery } from '../src/serve/v1/search/query.js';
import { tempDir } from './support/temp-dir.js';

const SYLLABLES = [
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
// Deterministic names: many share words ("district", "ауданы"), as real ADM2 names do.
function store(n: number): StoreContent {
  const entities: StoreContent['entities'] = [];
  for (let i = 0; i < n; i++) {
    const stem =
      SYLLABLES[i % 15]! +
      SYLLABLES[Math.floor(i / 15) % 15]! +
      SYLLABLES[Math.floor(i / 225) % 15]! +
      (i >= 3375 ? String(i) : '');
    const cap = stem[0]!.toUpperCase() + stem.slice(1);
    entities.push({
      id: `place:KZ-35/KZ35${String(3000 + i).padStart(5, '0')}`,
      type: 'district',
      name_en: `${cap} district`,
      name_ru: `${cap}ский район`,
      name_kk: `${cap} ауданы`,
      data: '{"kind":"district"}',
    });
  }
  entities.push({
    id: 'place:KZ-35',
    type: 'place',
    name_en: 'Karaganda Region',
    name_ru: 'Карагандинская область',
    name_kk: 'Қарағанды облысы',
    data: '{}',
  });
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
const dbs: Record<number, Database.Database> = {};
before(async () => {
  dir = tempDir('dala-search-bounds-');
  for (const n of [500, 5000]) {
    writeStore(join(dir, `${n}.sqlite`), store(n));
    dbs[n] = new Database(join(dir, `${n}.sqlite`), { readonly: true });
  }
});
after(async () => {
  for (const db of Object.values(dbs)) db.close();
  await rm(dir, { recursive: true, force: true });
});

const HOSTILE = [
  '\ufdfa'.repeat(500), // NFKC expands each to 18 characters
  'district '.repeat(200),
  'район ауданы district область '.repeat(40),
  Array.from({ length: 60 }, (_, i) => SYLLABLES[i % 15]! + SYLLABLES[(i * 7) % 15]!).join(' '),
  'k'.repeat(1500),
  'Akkarasu districct',
];

test('a normalised query has at most MAX_KEY_LENGTH characters and MAX_QUERY_WORDS words, whatever its length', () => {
  for (const text of HOSTILE) {
    const q = parseQuery(text);
    assert.ok(q.key.length <= MAX_KEY_LENGTH, `${q.key.length}`);
    assert.ok(q.core.length <= MAX_QUERY_WORDS);
  }
  assert.ok(searchKey('\ufdfa'.repeat(500)).length > 0, 'the expansion is read, only cut');
});

test('names scored and vocabulary read per query stay within fixed limits, on 500 and on 5000 names sharing words', () => {
  const perWord = LIMITS.vocabularyPerWord;
  for (const n of [500, 5000]) {
    for (const text of [...HOSTILE, 'district', 'Akkarasu', 'ауданы', 'Karaganda region']) {
      const { work } = search(dbs[n]!, text);
      assert.ok(
        work.candidates <= LIMITS.candidates,
        `${n} names, "${text.slice(0, 20)}": ${work.candidates} candidates`,
      );
      assert.ok(
        work.vocabulary <= work.words * perWord,
        `${n} names, "${text.slice(0, 20)}": ${work.vocabulary} words read`,
      );
    }
  }
  // a word every name shares reads the same number of names at 500 and at 5000 names
  const shared = search(dbs[5000]!, 'district').work;
  assert.deepEqual(shared, search(dbs[500]!, 'district').work);
  assert.ok(shared.candidates <= shared.vocabulary * LIMITS.postings);
});

test("a batch of MAX_BATCH searches, each given its share of the budget, scores at most one query's candidates in all", () => {
  const share = batchCandidates(MAX_BATCH);
  assert.ok(share * MAX_BATCH < LIMITS.candidates + MAX_BATCH, `${share} per query`);
  let scored = 0;
  const batch = [...HOSTILE, 'district', 'Akkarasu', 'ауданы', 'Karaganda region'].slice(
    0,
    MAX_BATCH,
  );
  for (const text of batch) {
    const alone = search(dbs[5000]!, text).work.candidates;
    const { work } = search(dbs[5000]!, text, { candidates: share });
    assert.ok(
      work.candidates <= share,
      `"${text.slice(0, 20)}": ${work.candidates} candidates with a budget of ${share}`,
    );
    assert.ok(work.candidates <= alone);
    scored += work.candidates;
  }
  assert.ok(
    search(dbs[5000]!, 'district').work.candidates > share,
    'a shared word fills more than a share alone',
  );
  assert.ok(scored <= batch.length * share);
});

test('a search given a tenth of the budget still finds an exact name and a name typed with a typo first', () => {
  const share = { candidates: batchCandidates(MAX_BATCH) };
  const db = dbs[5000]!;
  const exact = search(db, 'Nurkaramir district', share).hits[0]!;
  assert.equal(exact.match.type, 'exact');
  assert.equal(exact.entity.names.en, 'Nurkaramir district');
  assert.equal(
    search(db, 'Nurkaramri ауданы', share).hits[0]?.entity.names.en,
    'Nurkaramir district',
  );
  assert.equal(search(db, 'Karaganda oblysy', share).hits[0]?.entity.id, 'place:KZ-35');
});

test('bounded reads still find the one name asked for among thousands sharing its words', () => {
  const db = dbs[5000]!;
  const exact = search(db, 'Nurkaramir district').hits[0]!;
  assert.equal(exact.match.type, 'exact');
  assert.equal(exact.entity.names.en, 'Nurkaramir district');
  const typo = search(db, 'Nurkaramri ауданы').hits[0]!;
  assert.equal(typo.entity.names.en, 'Nurkaramir district');
  assert.equal(search(db, 'Karaganda oblysy').hits[0]!.entity.id, 'place:KZ-35');
});

test('a word shared by thousands of names leaves room for a rarer word typed with a typo', async () => {
  // "село <name>" for 3,000 villages, also named "<name> selo<n>": "село" and the words it starts
  // would fill the candidates before the typo word is read
  const villages: StoreContent = {
    ...store(0),
    entities: Array.from({ length: 3000 }, (_, i) => {
      const stem =
        SYLLABLES[i % 15]! +
        SYLLABLES[Math.floor(i / 15) % 15]! +
        SYLLABLES[Math.floor(i / 225) % 15]! +
        (i >= 3375 ? String(i) : '');
      return {
        id: `district:v${String(i).padStart(5, '0')}`,
        type: 'district',
        name_en: `${stem} selo${i % 50}`,
        name_ru: `село ${stem}`,
        name_kk: null,
        data: '{}',
      };
    }),
  };
  const path = join(dir, 'villages.sqlite');
  writeStore(path, villages);
  const db = new Database(path, { readonly: true });
  try {
    const asked = 'district:v02999'; // the last village: its name is among the longest sharing "село"
    const name = villages.entities.find((e) => e.id === asked)!.name_ru!.slice('село '.length);
    const typo = name.slice(0, 3) + name[4] + name[3] + name.slice(5);
    const { hits, work } = search(db, `село ${typo}`);
    assert.ok(work.candidates <= LIMITS.candidates);
    assert.equal(hits[0]?.entity.id, asked, `"село ${typo}" -> ${hits[0]?.entity.names.ru}`);
  } finally {
    db.close();
  }
});
