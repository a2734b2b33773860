// Declarations of the Bureau tables of snapshots/bns-more read without a breakdown: which sheet and
// rows, the period each header means, the unit each table prints, what its symbols and footnotes
// say, and the cells found doubtful when the snapshots were read. The rules live in the readers
// (bns-year-grid.ts, bns-period-grid.ts); a table is a spec here, not new reading code.
import { annualPeriod, cumulativePeriod, quarterPeriod } from './bns-periods.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from './bns-reforms.js';
import type { DoubtfulCell, HeaderCell, PeriodGridSpec } from './bns-period-grid.js';
import type { YearGridSpec } from './bns-year-grid.js';

export const DOCTORS_FILE = 'bns-more/doctors_by_region.xls';
export const HOUSEHOLD_EXPENDITURE_FILE = 'bns-more/household_money_expenditure_per_capita_by_region.xls';
export const EMPLOYMENT_AGENCIES_FILE = 'bns-more/persons_applied_to_employment_agencies_by_region.xlsx';
export const GRP_PER_CAPITA_FILE = 'bns-more/grp_per_capita_by_region.xlsx';
export const BUS_FILE = 'bns-more/bus_transport_by_region.xlsx';
export const UNEMPLOYMENT_QUARTERLY_FILE = 'bns-more/unemployment_rate_by_region_quarterly.xlsx';

const DASH = 'source cell "-": not published';

export const DOCTORS_SPEC: YearGridSpec = {
  source_id: 'bns-doctors',
  unit: 'persons',
  sheets: [{ name: 'Численность врачей', unitText: 'на конец года, человек', blocks: [{ title: null, metric: 'doctors' }] }],
  markers: [{
    marker: '**', place: SOUTH_KAZAKHSTAN_LEGACY, from: 2003, to: 2017, absentPlace: 'KZ-79',
    footnote: /^\*\*\s*Данные за \d{4}-\d{4}\s*гг\.? по Южно-Казахстанской области\.?$/u,
    note: 'the table prints this under "Туркестанская**"; its footnote says 2003-2017 are the former South Kazakhstan region',
  }],
  // on the title: the Ministry of Health's figures in the years it names
  footnotes: [{ key: '*', says: /^За 2008-2010гг\. и с 2014 года по данным Министерства здравоохранения/u, years: [[2008, 2010], [2014, null]] }],
};

export const DOCTORS_DOUBTFUL: DoubtfulCell[] = [{
  metric: 'doctors', place: 'KZ-75', period: '2016', expect: 16332,
  note: 'suspicious: 16332 for Almaty city in 2016 stands between 12720 (2015) and 13267 (2017); the repository\'s own CSV repeats it, no other edition was compared',
}];

/** Header "2018" or "2018*" (the star keys a footnote that names the estimated places). */
const yearWithStar = (t: string): HeaderCell | null => {
  const m = /^(\d{4})(\*)?$/u.exec(t);
  return m ? { bounds: annualPeriod(Number(m[1])), markers: m[2] ? [t] : [] } : null;
};

export const HOUSEHOLD_EXPENDITURE_SPEC: PeriodGridSpec = {
  source_id: 'bns-household-expenditure',
  parts: [{ sheet: 'Лист1', title: null, unitText: 'в среднем на душу в месяц, тенге', metric: 'household_money_expenditure_per_capita', unit: 'KZT per month' }],
  period: yearWithStar,
  labelMarker: /^(.*?)\s*(\*+)$/u,
  footnote: /^(\d{4}\*)\s*(.+)$/u,
  nullTexts: { '-': DASH },
  footnotes: [
    { key: '2018*', says: /оценочные данные/u, places: ['KZ-61', 'KZ-79'], named: ['Туркестанской', 'Шымкент'], estimate: true },
    { key: '2022*', says: /оценочные данные/u, places: ['KZ-19', 'KZ-35', 'KZ-63', 'KZ-10', 'KZ-33', 'KZ-62'], named: ['Алматинской', 'Карагандинской', 'Восточно-Казахстанской', 'Абай', 'Жетісу', 'Ұлытау'], estimate: true },
  ],
};

export const EMPLOYMENT_AGENCIES_SPEC: PeriodGridSpec = {
  source_id: 'bns-employment-agencies',
  // No title or unit in the file (a Power Query import); the unit is persons per year (the portal's table).
  parts: [{ sheet: 'raw', title: null, unitText: null, metric: 'employment_agency_applicants', unit: 'persons' }],
  period: (t) => (/^\d{4}$/u.test(t) ? { bounds: annualPeriod(Number(t)), markers: [] } : null),
  labelMarker: /^(.*?)\s*(\d\))$/u,
  footnote: /^(\d\))\s*(.+)$/u,
  nullTexts: { '-': DASH },
  textNumbers: true,
};

/** "I квартал 2008 года", "I полугодие 2022 года4)", "9 месяцев 2021года", "2008 год". */
const grpPeriod = (t: string): HeaderCell | null => {
  const q = /^(I квартал|I полугодие|9 месяцев) ?(\d{4}) ?года(\d\))?$/u.exec(t);
  if (q) return { bounds: cumulativePeriod(Number(q[2]), q[1] === 'I квартал' ? 'Q1' : q[1] === 'I полугодие' ? 'H1' : '9M'), markers: q[3] ? [q[3]] : [] };
  const y = /^(\d{4}) год(\d\))?$/u.exec(t);
  return y ? { bounds: annualPeriod(Number(y[1])), markers: y[2] ? [y[2]] : [] } : null;
};

export const GRP_PER_CAPITA_SPEC: PeriodGridSpec = {
  source_id: 'bns-grp-per-capita',
  parts: [
    { sheet: 'тыс.тенге', title: null, unitText: 'тыс.тенге', metric: 'grp_per_capita', cumulativeMetric: 'grp_per_capita_cumulative', unit: 'thousand KZT' },
    {
      sheet: 'в долларах США', title: null, unitText: 'долл. США', metric: 'grp_per_capita_usd', cumulativeMetric: 'grp_per_capita_usd_cumulative', unit: 'USD',
      note: 'converted by the Bureau at the National Bank\'s average US dollar rate',
    },
  ],
  period: grpPeriod,
  labelMarker: /^(.*?)\s*(\d\))$/u,
  footnote: /^(\d\))\s*(.+)$/u,
  legend: [/^Рассчитано по среднему курсу доллара США/u],
  nullTexts: { '-': DASH },
  footnotes: [
    // on the title: the whole table
    { key: '1)', says: /расчеты ВРП по кварталам/u },
    // on the Turkistan and Shymkent rows: the years it names, to 2018 (the two exist from I half 2018)
    { key: '2)', says: /c 1990 по 2018 годы Туркестанская область и город Шымкент были в составе Южно-Казахстанской области/u, years: [[1990, 2018]] },
    { key: '3)', says: /обновлены данные/u, places: ['KZ-55', 'KZ-59', 'KZ-61'], named: ['Павлодарской', 'Северо-Казахстанской', 'Туркестанской'] },
    { key: '4)', says: /был пересчитан/u, places: ['KZ-55', 'KZ-59', 'KZ-61', 'KZ-62'], named: ['Павлодарской', 'Северо-Казахстанской', 'Туркестанской', 'Улытауской'] },
  ],
};

const REGISTRATION =
  'registration data: counted by the region of registration (number plate), not where the buses run; plates of the former South Kazakhstan region still count under it after 2018, and the 2022 regions only hold buses registered there';
const PASSENGER_BREAK = (what: string) =>
  `series break: ${what} falls to about a third from 2019 to 2020 in every region and stays there; the table gives no reason; compare 2020 onwards only with each other`;

export const BUS_SPEC: PeriodGridSpec = {
  source_id: 'bns-bus-transport',
  parts: [
    { sheet: 'Автобусный транспорт', title: 'Наличие автобусов', unitText: 'единиц', metric: 'buses_in_stock', unit: 'units' },
    { sheet: 'Автобусный транспорт', title: 'Наличие автобусов у индивидуальных владельцев', unitText: 'единиц', metric: 'buses_individual_owners', unit: 'units' },
    { sheet: 'Автобусный транспорт', title: 'Перевозки пассажиров автобусами*', unitText: 'млн. человек', metric: 'bus_passengers', unit: 'million persons' },
    { sheet: 'Автобусный транспорт', title: 'Пассажирооборот автобусов*', unitText: 'млн. пкм', metric: 'bus_passenger_km', unit: 'million passenger-km' },
  ],
  period: (t) => {
    const m = /^(\d{4})(\d\))?$/u.exec(t);
    return m ? { bounds: annualPeriod(Number(m[1])), markers: m[2] ? [m[2]] : [] } : null;
  },
  labelMarker: /^(.*?)\s*(\*+|\d\))$/u,
  footnote: /^(\d\)|\*+)\s*(.+)$/u,
  legend: [/^Значение «Х» - означает конфиденциальные данные\.$/u],
  // 1) is glued to the year headers from 2005 on: registration data, by the plate's region
  footnotes: [{ key: '1)', says: /^По данным Министерства внутренних дел/u, explains: REGISTRATION }],
  nullTexts: {
    '-': DASH,
    x: 'source cell "x": confidential data (the table\'s legend: «Значение «Х» - означает конфиденциальные данные»)',
    '…': 'source cell "…": not available',
  },
  // "82 1892)": the national stock with footnote 2) glued on, stored as text.
  textNumbers: true,
  periodNotes: [
    { metric: 'bus_passengers', period: '2020', note: PASSENGER_BREAK('the number of passengers (national 17 532 million in 2019, 5 824 million in 2020)') },
    { metric: 'bus_passenger_km', period: '2020', note: PASSENGER_BREAK('passenger turnover (national 181 193 million passenger-km in 2019, 57 758 million in 2020)') },
  ],
};

const QUARTERS: Record<string, 0 | 1 | 2 | 3 | 4> = { 'I quarter': 1, 'II quarter': 2, 'III quarter': 3, 'III квартал': 3, 'IV quarter': 4, year: 0 };

export const UNEMPLOYMENT_QUARTERLY_SPEC: PeriodGridSpec = {
  source_id: 'bns-unemployment-quarterly',
  // One indicator for the table: its quarters and its own annual column (the year row above each group).
  parts: [{ sheet: 'Regions_quarter', title: null, unitText: 'in percent', metric: 'unemployment_rate_quarterly', unit: 'percent' }],
  period: (t, above) => {
    // "year2)": footnote 2) (19th ICLS standards from here on) glued to the 2015 year header
    const m = /^(.*?)(\d\))?$/u.exec(t)!;
    const q = QUARTERS[m[1]!];
    if (q === undefined || above === null || !/^\d{4}$/u.test(above)) return null;
    return { bounds: q === 0 ? annualPeriod(Number(above)) : quarterPeriod(Number(above), q), markers: m[2] ? [m[2]] : [] };
  },
  labelMarker: /^(.*?)\s*(\d\))$/u,
  footnote: /^(\d\))\s*(.+)$/u,
  footnotes: [
    // on the title: every value
    { key: '1)', says: /sample servey of population employment/u },
    // on the 2015 "year" header: that column and every later one
    { key: '2)', says: /^Hereinafter/u, hereinafter: true },
    // on the Turkistan and Shymkent rows: their 2010-2017 values, which it calls estimates
    { key: '3)', says: /from 2010 to 2017 estimates/u, years: [[2010, 2017]], estimate: true },
  ],
  nullTexts: { '-': DASH },
};

/** English labels of the quarterly unemployment table, transliterated by the Bureau, each written out. */
export const UNEMPLOYMENT_EN_LABELS: Readonly<Record<string, string>> = {
  'Republic of Kazakhstan': 'KZ', Abai: 'KZ-10', Akmolinskaya: 'KZ-11', Aktubinskaya: 'KZ-15', Almatinskaya: 'KZ-19',
  Atyrauskaya: 'KZ-23', 'West Kazakhstan': 'KZ-27', Zhambylskaya: 'KZ-31', Zhetisu: 'KZ-33', Karagandinskaya: 'KZ-35',
  Kostanaiskaya: 'KZ-39', Kyzylordinskaya: 'KZ-43', Mangistauskaya: 'KZ-47', 'South Kazakhstan': SOUTH_KAZAKHSTAN_LEGACY,
  Pavlodarskaya: 'KZ-55', 'North Kazakhstan': 'KZ-59', Turkestanskaya: 'KZ-61', Ulytau: 'KZ-62', 'East Kazakhstan': 'KZ-63',
  'Astana city': 'KZ-71', 'Almaty city': 'KZ-75', 'Shimkent city': 'KZ-79',
};
