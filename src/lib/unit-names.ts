// The units of the Bureau's and the National Bank's series, and Dala's own, in the three languages:
// the one table of unit names that the explorer and the PDFs print (units.ts picks the form). A unit
// that agrees with its number has its plural forms (CLDR categories: Russian "1 год, 2 года, 5 лет,
// 77,3 года"); Kazakh nouns do not change after a number.
import type { Lang } from './languages.js';

export type Forms = string | (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string });

export const UNITS: Record<string, Record<Lang, Forms>> = {
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
  'RUB (Soviet/Russian rouble)': {
    en: { one: 'rouble', other: 'roubles' },
    ru: { one: 'рубль', few: 'рубля', many: 'рублей', other: 'рубля' },
    kk: 'рубль',
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
  'million KZT': { en: 'million tenge', ru: 'млн тенге', kk: 'млн теңге' },
  tenge: { en: 'tenge', ru: 'тенге', kk: 'теңге' },
  'thousand tenge': { en: 'thousand tenge', ru: 'тыс. тенге', kk: 'мың теңге' },
  'million USD': { en: 'million US dollars', ru: 'млн долларов США', kk: 'млн АҚШ доллары' },
  'KZT per square metre': { en: 'tenge per m²', ru: 'тенге за м²', kk: 'шаршы метріне теңге' },
  'percent of GDP': { en: '% of GDP', ru: '% ВВП', kk: 'ЖІӨ-ге қатысты %' },
  'percent change': { en: '% change', ru: '% изменения', kk: '% өзгеріс' },
  km: { en: 'km', ru: 'км', kk: 'км' },
  'thousand m3': { en: 'thousand m³', ru: 'тыс. м³', kk: 'мың м³' },
  'thousand m3 per day': { en: 'thousand m³ a day', ru: 'тыс. м³ в сутки', kk: 'тәулігіне мың м³' },
  'litres per resident per day': {
    en: 'litres per resident a day',
    ru: 'литров на жителя в сутки',
    kk: 'бір тұрғынға тәулігіне литр',
  },
  times: {
    en: { one: 'time', other: 'times' },
    ru: { one: 'раз', few: 'раза', many: 'раз', other: 'раза' },
    kk: 'есе',
  },
  coefficient: { en: '(coefficient)', ru: '(коэффициент)', kk: '(коэффициент)' },
  'persons per 100,000 employees': {
    en: 'persons per 100,000 employees',
    ru: 'человек на 100 000 работников',
    kk: 'әр 100 000 қызметкерге шаққанда адам',
  },
  hours: {
    en: { one: 'hour', other: 'hours' },
    ru: { one: 'час', few: 'часа', many: 'часов', other: 'часа' },
    kk: 'сағат',
  },
  minutes: {
    en: { one: 'minute', other: 'minutes' },
    ru: { one: 'минута', few: 'минуты', many: 'минут', other: 'минуты' },
    kk: 'минут',
  },
  days: {
    en: { one: 'day', other: 'days' },
    ru: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
    kk: 'күн',
  },
  'calendar days': {
    en: { one: 'calendar day', other: 'calendar days' },
    ru: {
      one: 'календарный день',
      few: 'календарных дня',
      many: 'календарных дней',
      other: 'календарного дня',
    },
    kk: 'күнтізбелік күн',
  },
  months: {
    en: { one: 'month', other: 'months' },
    ru: { one: 'месяц', few: 'месяца', many: 'месяцев', other: 'месяца' },
    kk: 'ай',
  },
  // the monthly calculation index (MCI), the tenge amount benefits and fines are set in by law
  'monthly calculation indices': {
    en: { one: 'monthly calculation index', other: 'monthly calculation indices' },
    ru: 'МРП',
    kk: 'АЕК',
  },
};
