// Figures formatted per language. Kazakh and Russian group thousands with a thin space and write a
// decimal comma (GOST 8.417 and the Bureau's own tables); English groups with a comma and writes a
// decimal point. The group separator is U+202F (narrow no-break space), so a figure never wraps
// inside its digits. A series prints its values with the decimals most of them are published with,
// so "4" in a series of rates reads "4.0 %" beside "4.9 %", and a value published with more prints
// every one of them: a printed figure neither hides a published decimal nor adds digits the source
// never gave (0.1 beside an SDG series' 99.85781028 is 0.1, not 0.10000000).

import type { Lang } from '../../model/types.js';
import { printedUnit } from '../../lib/units.js';

const LOCALE: Record<Lang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-US' };
const THIN = '\u202f';

/** Decimals a unit is always printed with, at least (a rate keeps its one published decimal). */
const MIN_DECIMALS: Record<string, number> = { percent: 1 };
/**
 * A bound on the decimals printed, past any a table displays: a published value is its table's digits
 * (0.0107 % of hazardous child labour, 99.85781028 % of an SDG series), so every one of them is printed.
 */
const MAX_DECIMALS = 10;

/** Decimals of `value` as published (its shortest decimal form, the digits its table shows), at most MAX_DECIMALS. */
function decimalsOf(value: number): number {
  const [digits, exponent] = String(Math.abs(value)).split('e');
  const fraction = (digits!.split('.')[1] ?? '').length - Number(exponent ?? 0);
  return Math.min(MAX_DECIMALS, Math.max(0, fraction));
}

/**
 * The decimals a unit's series prints every value with, at least: those most of its values are
 * published with (of two counts alike, the more), at least the unit's minimum. A value published
 * with more prints them too (formatIn).
 */
export function decimalsFor(unit: string, values: (number | null)[]): number {
  const counts = new Map<number, number>();
  for (const v of values) {
    if (v === null) continue;
    const d = decimalsOf(v);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let common = 0;
  let most = 0;
  for (const [d, n] of counts) if (n > most || (n === most && d > common)) [common, most] = [d, n];
  return Math.max(MIN_DECIMALS[unit] ?? 0, common);
}

/** `value` with at least `decimals` decimals, and every further one it is published with. */
export function formatIn(lang: Lang, value: number, decimals: number): string {
  const text = new Intl.NumberFormat(LOCALE[lang], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: Math.max(decimals, decimalsOf(value)),
    useGrouping: true,
  }).format(value);
  return lang === 'en' ? text : text.replace(/[\u00a0\u202f ]/g, THIN);
}

/** "4.0 %", "8 449 346,4 млн тенге": a value with its unit label in one language. */
export function formatFigure(lang: Lang, value: number, unit: string, decimals: number): string {
  return `${formatIn(lang, value, decimals)} ${printedUnit(lang, unit, value)}`;
}

/** Compact axis label: "1.2M", "350k" in English style; axis ticks carry no unit (the title does). */
export function formatTick(value: number, step: number): string {
  const abs = Math.abs(value);
  const [div, suffix] =
    abs >= 1e9 ? [1e9, 'B'] : abs >= 1e6 ? [1e6, 'M'] : abs >= 1e4 ? [1e3, 'k'] : [1, ''];
  const scaledStep = step / div;
  const decimals = scaledStep >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(scaledStep)));
  return `${formatIn('en', value / div, decimals)}${suffix}`;
}
