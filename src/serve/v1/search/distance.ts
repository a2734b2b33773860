// Optimal string alignment distance (Damerau-Levenshtein restricted: an adjacent transposition counts
// as one edit), so "Karagnada" is one edit from "Karaganda" like a single wrong letter is.
// Returns max + 1 as soon as the distance is known to exceed `max`, which keeps fuzzy search linear.
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** Edits tolerated for a query key of this length: none for very short keys, where one edit is noise. */
export function toleratedEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  return 2;
}
