// Optimal string alignment distance (Damerau-Levenshtein restricted: an adjacent transposition counts
// as one edit), so "Karagnada" is one edit from "Karaganda" like a single wrong letter is.
// Returns max + 1 as soon as the distance is known to exceed `max`, which keeps fuzzy search linear.

// Three rows of the dynamic programme, kept between calls and grown when a longer word comes: a
// query scores hundreds of name words, and fresh arrays per call and row were most of what a search
// allocated (the young-generation collections they caused were the tail of its latency).
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * The distance between `a` and the first `bLength` code units of `b` (all of it by default). Only the
 * band of cells within `max` of the diagonal is computed (an alignment of at most `max` edits never
 * leaves it; cells beside the band count as `max + 1`), so comparing two long keys costs their length
 * times the band's width, not the product of their lengths.
 */
export function editDistance(a: string, b: string, max: number, bLength = b.length): number {
  const n = Math.min(bLength, b.length);
  if (Math.abs(a.length - n) > max) return max + 1;
  const over = max + 1;
  if (rows[0].length <= n + 1)
    rows = [new Int32Array(2 * n + 4), new Int32Array(2 * n + 4), new Int32Array(2 * n + 4)];
  let [prevPrev, prev, row] = rows;
  for (let j = 0; j <= Math.min(n, max); j++) prev[j] = j;
  if (max + 1 <= n) prev[max + 1] = over;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    row[lo - 1] = lo === 1 ? i : over;
    let rowMin = lo === 1 ? i : over;
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi < n) row[hi + 1] = over;
    if (rowMin > max) return over;
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return Math.min(prev[n]!, over);
}

/** Edits tolerated for a query key of this length: none for very short keys, where one edit is noise. */
export function toleratedEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  return 2;
}
