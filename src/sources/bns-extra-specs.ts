// Specs for the four Bureau grid workbooks of snapshots/bns-extra (README rows): sheets, block
// headings, the unit each table states, and the footnote markers on the Turkistan row.
import { SOUTH_KAZAKHSTAN_LEGACY } from './bns-reforms.js';
import type { MarkerRule, YearGridSpec } from './bns-year-grid.js';

export const LIFE_EXPECTANCY_FILE = 'bns-extra/life_expectancy_at_birth_by_region.xlsx';
export const HOSPITALS_FILE = 'bns-extra/hospital_organisations_by_region.xlsx';
export const EMISSIONS_FILE = 'bns-extra/emissions_stationary_sources_by_region.xls';
export const ENV_EXPENDITURE_FILE = 'bns-extra/environmental_protection_current_expenditure_by_region.xls';
export const INCOME_FILE = 'bns-extra/income_per_capita_nominal_by_region.csv';

// The workbook's footnote "*Данные за 1999-2016гг. по Южно-Казахстанской области." stands on the
// sex sheets; the first sheet (compiled by the repository) keeps the marker without the footnote.
const LE_MARKER: MarkerRule = {
  marker: '*', place: SOUTH_KAZAKHSTAN_LEGACY, from: 1999, to: 2016, absentPlace: 'KZ-79',
  footnote: /^\*\s*Данные за \d{4}-\d{4}\s*гг\.? по Южно-Казахстанской области\.?$/u,
  note: 'the table prints this under "Туркестанская*"; its footnote says 1999-2016 are the former South Kazakhstan region',
};

// The hospitals workbook marks its Turkistan row "**" and carries no footnote at all. Its 2003-2017
// values (117-155) fall to 40 in 2018, when Shymkent (26) first appears; the reader checks that
// Shymkent has no value in the moved years. Assigning those years to the former region is Dala's
// reading of the table, stated on every moved value.
const HOSPITALS_MARKER: MarkerRule = {
  marker: '**', place: SOUTH_KAZAKHSTAN_LEGACY, from: 2003, to: 2017, absentPlace: 'KZ-79', footnote: null,
  note: 'assigned by Dala to the former South Kazakhstan region: the table prints it under "Туркестанская**" with no footnote, Shymkent has no value before 2018 and the row falls from 117 to 40 in 2018 as Shymkent appears with 26',
};

// One indicator by sex and urban/rural: each block of a sex sheet is one position on both.
const LE_BLOCKS = (sex: 'M' | 'F', heading: string) => [
  { title: heading, metric: 'life_expectancy', dimensions: { sex, area: '_T' } },
  { title: 'Городское население', metric: 'life_expectancy', dimensions: { sex, area: 'U' } },
  { title: 'Сельское население', metric: 'life_expectancy', dimensions: { sex, area: 'R' } },
];

export const LIFE_EXPECTANCY_SPEC: YearGridSpec = {
  source_id: 'bns-life-expectancy',
  unit: 'years',
  sheets: [
    // compiled by the repository: no title or unit row; the unit is the sex sheets' "число лет"
    { name: 'Все население', unitText: null, blocks: [{ title: null, metric: 'life_expectancy', dimensions: { sex: '_T', area: '_T' } }] },
    { name: 'Мужчины', unitText: 'число лет', blocks: LE_BLOCKS('M', 'Мужчины') },
    { name: 'Женщины', unitText: 'число лет', blocks: LE_BLOCKS('F', 'Женщины') },
  ],
  markers: [LE_MARKER],
};

export const HOSPITALS_SPEC: YearGridSpec = {
  source_id: 'bns-hospitals',
  unit: 'count', // no unit row: the sheet "Число больничных организаций" counts organisations
  sheets: [{ name: 'Число больничных организаций', unitText: null, blocks: [{ title: null, metric: 'hospital_organisations' }] }],
  markers: [HOSPITALS_MARKER],
};

export const EMISSIONS_SPEC: YearGridSpec = {
  source_id: 'bns-emissions',
  unit: 'thousand tonnes',
  sheets: [{ name: 'ООС', unitText: 'тыс. тонн', blocks: [{ title: null, metric: 'air_emissions_stationary' }] }],
  markers: [],
};

export const ENV_EXPENDITURE_SPEC: YearGridSpec = {
  source_id: 'bns-env-expenditure',
  unit: 'thousand KZT',
  sheets: [{ name: 'ООС', unitText: 'тыс. тенге', blocks: [{ title: null, metric: 'environmental_protection_expenditure' }] }],
  markers: [],
};
