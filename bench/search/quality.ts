// hit@1 of v1 search over the labelled queries (test/fixtures/search-queries.json): the share of
// queries whose first hit is the entity the label names. Shared by the test suite and the bench.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface LabelledQuery {
  q: string;
  expect: string;
  category: string;
  note?: string;
}

export const QUERIES_FILE = fileURLToPath(
  new URL('../../test/fixtures/search-queries.json', import.meta.url),
);

export async function labelledQueries(): Promise<LabelledQuery[]> {
  return (JSON.parse(await readFile(QUERIES_FILE, 'utf8')) as { queries: LabelledQuery[] }).queries;
}

export interface Quality {
  total: number;
  hits: number;
  hitAt1: number; // percent, one decimal
  byCategory: Record<string, { total: number; hits: number }>;
  misses: { q: string; expect: string; got: string | null }[];
}

/** Asks `top` for the first hit of every labelled query and counts the ones that match. */
export async function measureHitAt1(top: (q: string) => Promise<string | null>): Promise<Quality> {
  const queries = await labelledQueries();
  const byCategory: Quality['byCategory'] = {};
  const misses: Quality['misses'] = [];
  let hits = 0;
  for (const item of queries) {
    const got = await top(item.q);
    const c = (byCategory[item.category] ??= { total: 0, hits: 0 });
    c.total++;
    if (got === item.expect) {
      hits++;
      c.hits++;
    } else misses.push({ q: item.q, expect: item.expect, got });
  }
  return {
    total: queries.length,
    hits,
    hitAt1: Math.round((1000 * hits) / queries.length) / 10,
    byCategory,
    misses,
  };
}

/** The first hit's id of GET {base}/api/v1/search?q=... */
export function topOverHttp(base: string): (q: string) => Promise<string | null> {
  return async (q) => {
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}&limit=1`);
    if (res.status !== 200) return null;
    const body = (await res.json()) as { data: { id: string }[] };
    return body.data[0]?.id ?? null;
  };
}
