// The units the release writes on its points, in the reader's language. A unit that agrees with its
// number has its plural forms, chosen by Intl.PluralRules (CLDR: Russian "1 год, 2 года, 5 лет,
// 77,3 года"; Kazakh nouns do not change after a number). A unit the table does not know is shown as
// the release writes it.
import { LOCALE, type Lang } from './i18n.js';

import { UNITS, type Forms } from './unit-names.js';
import { SDG_UNITS } from './unit-names-sdg.js';

const NAMES: Record<string, Record<Lang, Forms>> = { ...UNITS, ...SDG_UNITS };

const rules = new Map<Lang, Intl.PluralRules>();
const ruleOf = (lang: Lang) => {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(LOCALE[lang])));
  return r;
};

/** The form of `forms` that agrees with `n` (the "other" form without a number, as in a heading). */
export function agree(lang: Lang, forms: Forms, n?: number): string {
  if (typeof forms === 'string') return forms;
  if (n === undefined) return lang === 'ru' ? (forms.many ?? forms.other) : forms.other;
  return forms[ruleOf(lang).select(n)] ?? forms.other;
}

/** True when the release's unit has a name in the reader's language. */
export const knownUnit = (unit: string) => Object.prototype.hasOwnProperty.call(NAMES, unit);

/** A unit in the reader's language, agreeing with `n` when given (a value), else as a heading says it. */
export function unitName(lang: Lang, unit: string, n?: number): string {
  const forms = Object.prototype.hasOwnProperty.call(NAMES, unit) ? NAMES[unit]![lang] : undefined;
  return forms === undefined ? unit : agree(lang, forms, n);
}
