// The search bench's queries at scale (bench/search-1m.bench.ts, ./probe.ts): one- and two-word
// queries in kk, ru and en, each with and without a typo, taken from SYNTHETIC entity names
// (bench/scale/entities.ts) by a seeded generator, so every run asks the same questions.
import { prng, syntheticEntity } from '../scale/entities.js';

export const PER_CELL = 60; // queries per (locale, words, typo) cell: 12 cells

export interface Cell {
  label: string;
  queries: { q: string; id: string }[];
}

/** Swaps two neighbouring letters (never the first) of a word of 4+ letters: a one-edit typo. */
function typo(word: string, rand: () => number): string {
  const chars = [...word];
  if (chars.length < 4) return word;
  const i = 1 + Math.floor(rand() * (chars.length - 2));
  [chars[i], chars[i - 1]] = [chars[i - 1]!, chars[i]!];
  return chars.join('') === word ? word + word.at(-1) : chars.join('');
}

/** The 12 cells of queries over the first `n` synthetic entities, and the seeded draw that follows them. */
export function queryCells(n: number): { cells: Cell[]; rand: () => number } {
  const rand = prng(42);
  const cells: Cell[] = [];
  for (const locale of ['kk', 'ru', 'en'] as const) {
    for (const words of [1, 2]) {
      for (const withTypo of [false, true]) {
        const queries: { q: string; id: string }[] = [];
        for (let k = 0; k < PER_CELL; k++) {
          const e = syntheticEntity(Math.floor(rand() * n)).entity;
          const name =
            (locale === 'kk' ? e.name_kk : locale === 'ru' ? e.name_ru : e.name_en) ?? e.name_en;
          const parts = name.split(' ').slice(0, words);
          // the distinctive word (the longest) carries the typo
          const longest = parts.reduce((a, b, i) => (b.length > parts[a]!.length ? i : a), 0);
          if (withTypo) parts[longest] = typo(parts[longest]!, rand);
          queries.push({ q: parts.join(' '), id: e.id });
        }
        cells.push({
          label: `${locale}, ${words} word${words > 1 ? 's' : ''}${withTypo ? ', typo' : ''}`,
          queries,
        });
      }
    }
  }
  return { cells, rand };
}
