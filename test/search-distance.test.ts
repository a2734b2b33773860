// The edit distance that fuzzy search ranks by (src/serve/v1/search/distance.ts): optimal string
// alignment, bounded by `max`, computed in rows kept between calls; a word longer than any before it
// and a prefix of a word (bLength) must give what a fresh computation over the same text gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editDistance } from '../src/serve/v1/search/distance.js';

test('a transposition is one edit, a wrong letter one, a missing letter one', () => {
  assert.equal(editDistance('karagnada', 'karaganda', 2), 1);
  assert.equal(editDistance('karaganda', 'karaganda', 2), 0);
  assert.equal(editDistance('karaganxa', 'karaganda', 2), 1);
  assert.equal(editDistance('karganda', 'karaganda', 2), 1);
  assert.equal(editDistance('ақтөбе', 'актобе', 2), 2);
});

test('past max the answer is max + 1, whatever the true distance', () => {
  assert.equal(editDistance('almaty', 'astana', 1), 2);
  assert.equal(editDistance('a', 'abcdef', 2), 3);
});

test('a longer word after shorter ones is measured over all of it', () => {
  assert.equal(editDistance('ab', 'ba', 1), 1);
  const long = 'x'.repeat(150) + 'ab';
  assert.equal(editDistance(long, 'x'.repeat(150) + 'ba', 2), 1);
  assert.equal(editDistance(long, 'x'.repeat(149) + 'yab', 2), 1);
  assert.equal(editDistance('ab', 'ba', 1), 1);
});

test('bLength measures against that prefix of the name word only', () => {
  assert.equal(editDistance('karagnady', 'karagandynyn', 2, 9), 1);
  assert.equal(editDistance('karagnady', 'karagandynyn', 2), 3);
  assert.equal(editDistance('kara', 'karaganda', 1, 4), 0);
});
