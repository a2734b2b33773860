// A unit of the release in a reader's language, from the one table of unit names (unit-names.ts, the
// SDG platform's codes in unit-names-sdg.ts) that the explorer and the PDFs both print from. A unit
// that agrees with its number takes the form Intl.PluralRules picks (CLDR: Russian "1 год, 2 года,
// 5 лет, 77,3 года"; Kazakh nouns do not change after a number). A unit the table does not know is
// shown as the release writes it (test/web-unit-names.test.ts holds every unit of the release named).
import type { Lang } from './languages.js';
import { UNITS, type Forms } from './unit-names.js';
import { SDG_UNITS } from './unit-names-sdg.js';

const NAMES: Record<string, Record<Lang, Forms>> = { ...UNITS, ...SDG_UNITS };

/**
 * The words a printed page writes beside a figure where they differ from the names: GOST 7.12
 * abbreviations of Russian words ("чел.", "руб."), "mln" in English, and a count as units (ед.).
 */
const PRINTED: Record<string, Partial<Record<Lang, string>>> = {
  persons: { ru: 'чел.' },
  'thousand persons': { ru: 'тыс. чел.' },
  'mln KZT': { en: 'mln KZT' },
  'mln RUB (Soviet/Russian rouble)': { en: 'mln roubles', ru: 'млн руб.' },
  'RUB (Soviet/Russian rouble)': { ru: 'руб.' },
  count: { ru: 'ед.', kk: 'бірлік' },
};

const own = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

const rules = new Map<Lang, Intl.PluralRules>();
const ruleOf = (lang: Lang) => {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
};

/** The form of `forms` that agrees with `n` (the "other" form without a number, as in a heading). */
export function agree(lang: Lang, forms: Forms, n?: number): string {
  if (typeof forms === 'string') return forms;
  if (n === undefined) return lang === 'ru' ? (forms.many ?? forms.other) : forms.other;
  return forms[ruleOf(lang).select(n)] ?? forms.other;
}

/** True when the release's unit has a name in the table. */
export const knownUnit = (unit: string) => own(NAMES, unit);

/** A unit in the reader's language, agreeing with `n` when given (a value), else as a heading says it. */
export function unitName(lang: Lang, unit: string, n?: number): string {
  return own(NAMES, unit) ? agree(lang, NAMES[unit]![lang], n) : unit;
}

/** A unit as a printed page writes it beside a figure: its abbreviation where it has one, else its name. */
export function printedUnit(lang: Lang, unit: string, n?: number): string {
  return (own(PRINTED, unit) ? PRINTED[unit]![lang] : undefined) ?? unitName(lang, unit, n);
}
