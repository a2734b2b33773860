// The units the release writes on its points, in the reader's language. A unit that agrees with its
// number has its plural forms, chosen by Intl.PluralRules (CLDR: Russian "1 год, 2 года, 5 лет,
// 77,3 года"; Kazakh nouns do not change after a number). A unit the table does not know is shown as
// the release writes it.
import { LOCALE, type Lang } from './i18n.js';

type Forms = string | (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string });

const UNITS: Record<string, Record<Lang, Forms>> = {
  persons: {
    en: { one: 'person', other: 'persons' },
    ru: { one: 'человек', few: 'человека', many: 'человек', other: 'человека' },
    kk: 'адам',
  },
  'thousand persons': { en: 'thousand persons', ru: 'тыс. человек', kk: 'мың адам' },
  'million persons': { en: 'million persons', ru: 'млн человек', kk: 'млн адам' },
  percent: { en: '%', ru: '%', kk: '%' },
  'percent per year': { en: '% a year', ru: '% годовых', kk: 'жылдық %' },
  'mln KZT': { en: 'million tenge', ru: 'млн тенге', kk: 'млн теңге' },
  'mln RUB (Soviet/Russian rouble)': {
    en: 'million roubles',
    ru: 'млн рублей',
    kk: 'млн рубль',
  },
  'thousand KZT': { en: 'thousand tenge', ru: 'тыс. тенге', kk: 'мың теңге' },
  KZT: { en: 'tenge', ru: 'тенге', kk: 'теңге' },
  'KZT per month': { en: 'tenge a month', ru: 'тенге в месяц', kk: 'айына теңге' },
  'KZT per USD': {
    en: 'tenge per US dollar',
    ru: 'тенге за доллар США',
    kk: 'АҚШ долларына теңге',
  },
  USD: {
    en: { one: 'US dollar', other: 'US dollars' },
    ru: { one: 'доллар США', few: 'доллара США', many: 'долларов США', other: 'доллара США' },
    kk: 'АҚШ доллары',
  },
  years: {
    en: { one: 'year', other: 'years' },
    ru: { one: 'год', few: 'года', many: 'лет', other: 'года' },
    kk: 'жыл',
  },
  tonnes: {
    en: { one: 'tonne', other: 'tonnes' },
    ru: { one: 'тонна', few: 'тонны', many: 'тонн', other: 'тонны' },
    kk: 'тонна',
  },
  'thousand tonnes': { en: 'thousand tonnes', ru: 'тыс. тонн', kk: 'мың тонна' },
  'million passenger-km': {
    en: 'million passenger-km',
    ru: 'млн пассажиро-км',
    kk: 'млн жолаушы-км',
  },
  units: {
    en: { one: 'unit', other: 'units' },
    ru: { one: 'единица', few: 'единицы', many: 'единиц', other: 'единицы' },
    kk: 'бірлік',
  },
  count: { en: 'count', ru: 'шт.', kk: 'дана' },
  events: {
    en: { one: 'event', other: 'events' },
    ru: { one: 'событие', few: 'события', many: 'событий', other: 'события' },
    kk: 'оқиға',
  },
  publications: {
    en: { one: 'publication', other: 'publications' },
    ru: { one: 'публикация', few: 'публикации', many: 'публикаций', other: 'публикации' },
    kk: 'жарияланым',
  },
  'index, previous month = 100': {
    en: 'index, previous month = 100',
    ru: 'индекс, предыдущий месяц = 100',
    kk: 'индекс, алдыңғы ай = 100',
  },
  'index, same month of previous year = 100': {
    en: 'index, same month of the previous year = 100',
    ru: 'индекс, соответствующий месяц предыдущего года = 100',
    kk: 'индекс, өткен жылдың сәйкес айы = 100',
  },
};

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
export const knownUnit = (unit: string) => Object.prototype.hasOwnProperty.call(UNITS, unit);

/** A unit in the reader's language, agreeing with `n` when given (a value), else as a heading says it. */
export function unitName(lang: Lang, unit: string, n?: number): string {
  const forms = UNITS[unit]?.[lang];
  return forms === undefined ? unit : agree(lang, forms, n);
}
