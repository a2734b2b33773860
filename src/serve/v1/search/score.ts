// How well one name row meets a query, in non-overlapping score bands: exact 1, prefix 0.5-0.9
// (a name starting with the query, or holding every query word), fuzzy below 0.5 (words or the whole
// key within the tolerated edits). engine.ts ranks the hits by these scores.
import type { NameRow } from '../../../store/search.js';
import { withoutKindWords } from '../../../lib/place-kind-words.js';
import { editDistance, toleratedEdits } from './distance.js';
import type { ParsedQuery } from './query.js';

export type MatchType = 'exact' | 'prefix' | 'fuzzy';

interface Scored {
  type: MatchType;
  score: number;
  distance: number;
}

/** How well one query word meets a name's words: 1 equal, 0.8 prefix, 0.6 infix, fuzzy below. */
function wordMatch(
  w: string,
  nameWords: readonly string[],
): { quality: number; distance: number } | null {
  let best: { quality: number; distance: number } | null = null;
  const max = toleratedEdits(w.length);
  for (const n of nameWords) {
    let m: { quality: number; distance: number } | null = null;
    if (n === w) return { quality: 1, distance: 0 };
    if (n.startsWith(w)) m = { quality: 0.8, distance: 0 };
    else if (w.length >= 3 && n.includes(w)) m = { quality: 0.6, distance: 0 };
    else if (max > 0) {
      let d = editDistance(w, n, max);
      if (d > max && n.length > w.length) d = editDistance(w, n, max, w.length); // typo in a word typed partly
      if (d <= max) m = { quality: 0.4 * (1 - d / (max + 1)), distance: d };
    }
    if (m && (!best || m.quality > best.quality)) best = m;
  }
  return best;
}

export function scoreName(q: ParsedQuery, row: NameRow): Scored | null {
  if (row.key === q.key || row.key === q.coreKey) return { type: 'exact', score: 1, distance: 0 };
  // A region is called by its name without the word for region: "Karaganda", "Қарағанды" and
  // "Qaraghandy" name Karaganda Region ("Karaganda Region", "Қарағанды облысы") as exactly as its city.
  if (row.place_kind === 'region' && withoutKindWords(row.key) === q.coreKey)
    return { type: 'exact', score: 1, distance: 0 };
  for (const key of [q.key, q.coreKey]) {
    if (row.key.startsWith(key))
      return { type: 'prefix', score: startScore(q, key.length / row.key.length), distance: 0 };
  }
  const nameWords = row.key.split(' ');
  let quality = 0;
  let distance = 0;
  let fuzzy = false;
  let missed = 0;
  for (const w of q.core) {
    const m = wordMatch(w, nameWords);
    if (!m) {
      missed++;
      continue;
    }
    quality += m.quality;
    distance += m.distance;
    if (m.distance > 0) fuzzy = true;
  }
  // A long query may carry one word the name lacks (an abbreviation, a filler): one missed word in
  // three is tolerated, as a fuzzy match; more is no match by words.
  if (missed > 0) {
    if (missed > Math.floor(q.core.length / 3)) return wholeFuzzy(q.coreKey, row.key);
    return { type: 'fuzzy', score: 0.3 * (quality / q.core.length), distance: distance + missed };
  }
  const coverage = Math.min(1, q.coreKey.length / row.key.length);
  if (!fuzzy)
    return {
      type: 'prefix',
      score: wordsScore(q, row.key, coverage * (quality / q.core.length)),
      distance: 0,
    };
  const whole = wholeFuzzy(q.coreKey, row.key);
  if (whole && whole.distance <= distance) return whole;
  return { type: 'fuzzy', score: 0.45 * coverage * (quality / q.core.length), distance };
}

/** The score of a name that starts with the query, by the share of it the query covers. */
function startScore(q: ParsedQuery, share: number): number {
  return q.core.length < 2 ? 0.5 + 0.4 * share : 0.65 + 0.25 * share; // several words: a phrase (wordsScore)
}

/**
 * The score of a name holding every query word (a share of 0..1 of how much of it they cover). Of
 * several words, a name holding them as one phrase ("Среднегодовая численность населения" for
 * "численность населения") ranks above every name holding them apart ("Численность занятого
 * населения"), however short: 0.65-0.8 against 0.5-0.65. One word keeps 0.5-0.8 by coverage.
 */
function wordsScore(q: ParsedQuery, key: string, share: number): number {
  if (q.core.length < 2) return 0.5 + 0.3 * share;
  const phrase = ` ${key} `.includes(` ${q.coreKey} `);
  return (phrase ? 0.65 : 0.5) + 0.15 * share;
}

function wholeFuzzy(query: string, key: string): Scored | null {
  const max = toleratedEdits(query.length);
  if (max === 0) return null;
  const d = editDistance(query, key, max);
  if (d > max) return null;
  return { type: 'fuzzy', score: 0.45 * (1 - d / (max + 1)), distance: d };
}
