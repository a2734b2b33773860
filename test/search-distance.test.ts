// The edit distance that fuzzy search ranks by (src/serve/v1/search/distance.ts): optimal string
// alignment, bounded by `max`, computed in rows kept between calls; a word longer than any before it
// and a prefix of a word (bLength) must give what a fresh computation over the same text gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
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

/** Optimal string alignment over every cell, as a reference for the banded computation. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

test('within max the distance is the whole computation, past it max + 1, for words and long keys alike', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 40 }),
      fc.integer({ min: 0, max: 6 }),
      (a, b, max) => {
        const full = fullDistance(a, b);
        assert.equal(editDistance(a, b, max), full <= max ? full : max + 1, `${a}|${b}|${max}`);
      },
    ),
    { numRuns: 3000 },
  );
  // two keys of a few hundred characters that differ near the end: still exact within the band
  const name = 'price index of export deliveries '.repeat(10);
  assert.equal(editDistance(`${name}year`, `${name}yaer`, 2), 1);
  assert.equal(editDistance(`${name}year`, `${name}december`, 2), 3);
});
