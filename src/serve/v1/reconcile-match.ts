// How a reconciliation query is matched beyond its name (W3C Reconciliation API 0.2, sections 5.1 and
// 5.2): a query may have no `query` text, only properties, and then the values of its properties are
// searched; every property the candidate itself states is compared with it, so a candidate that
// contradicts one (`Shymkent` with `iso = KZ-75` against KZ-79) scores lower and is never a sure
// match; and scores are graded: a name equal to the query above one that only contains it or is
// its alias, former name or code.
import { searchKey } from '../../lib/text-normalise.js';
import type { ReconQuery } from './reconcile-query.js';
import type { Hit } from './search/hits.js';

type PropertyValue = string | number | boolean | { id: string; name?: string };

const valuesOf = (v: PropertyValue | PropertyValue[]): string[] =>
  [v].flat().map((x) => (typeof x === 'object' ? x.id : String(x)));

/** The properties compared with a candidate's own (`within` is a filter of the search instead). */
const compared = (q: ReconQuery) => (q.properties ?? []).filter((p) => p.pid !== 'within');

/** The text to search: the query's, or, for a query of properties alone, their values. */
export function queryText(q: ReconQuery): string | null {
  if (q.query !== undefined) return q.query;
  const text = compared(q)
    .flatMap((p) => valuesOf(p.v as PropertyValue | PropertyValue[]))
    .join(' ')
    .trim();
  return text || null;
}

/** The candidate's own value of a property: a member of its data (`iso`, `slug`, `kind` ...) or its id. */
function stated(hit: Hit, pid: string): string[] {
  if (pid === 'id') return [hit.entity.id];
  const v = hit.entity.data[pid];
  if (typeof v === 'string' || typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.map(String);
  return [];
}

export interface Agreement {
  matched: number;
  contradicted: number;
}

/** Each property the query gives and the candidate states: the same value, or a contradiction. */
export function agreement(hit: Hit, q: ReconQuery): Agreement {
  const out = { matched: 0, contradicted: 0 };
  for (const p of compared(q)) {
    const own = stated(hit, p.pid).map((s) => s.toLowerCase());
    if (!own.length) continue; // the candidate says nothing about it
    const asked = valuesOf(p.v as PropertyValue | PropertyValue[]).map((s) => s.toLowerCase());
    if (asked.some((a) => own.includes(a))) out.matched++;
    else out.contradicted++;
  }
  return out;
}

// How much a name of each kind counts when it matches: the entity's own name most, a code or a
// former name less, since they are not what the entity is called now.
const KIND_WEIGHT: Readonly<Record<string, number>> = {
  name: 1,
  official_name: 1,
  centre_name: 0.95,
  abbreviation: 0.9,
  alias: 0.9,
  slug: 0.9,
  code: 0.9,
  former_name: 0.85,
  legacy_code: 0.8,
};

/**
 * The score 0-100: the search's (exact 1, prefix 0.5-0.9, fuzzy below 0.5) weighted by the kind of
 * name matched, by whether the name is the query itself or only matches it (a region named without
 * its kind word), and halved for each property the candidate contradicts.
 */
export function gradedScore(hit: Hit, text: string, a: Agreement): number {
  const literal = searchKey(hit.match.name) === searchKey(text) ? 1 : 0.95;
  const kind = KIND_WEIGHT[hit.match.kind] ?? 0.9;
  const score = hit.score * kind * literal * 0.5 ** a.contradicted;
  return Math.round(score * 1000) / 10;
}
