// Declarations of the Bureau tables of snapshots/bns-more that carry a breakdown by sex, urban/rural
// or age (dimensions.ts): each block of rows is one position on the dimensions. The rules live in
// bns-period-grid.ts; each table's layout and faults are declared here, with its block of rows.
import { instantPeriod, schoolYearPeriod } from './bns-periods.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from './bns-reforms.js';
import type { GridPart, PeriodGridSpec } from './bns-period-grid.js';

export const POPULATION_SEX_AREA_FILE = 'bns-more/population_start_of_year_by_region_sex_urban_rural.xlsx';

const DASH = 'source cell "-": not published (the unit did not exist)';

const sexSheet = (sheet: string, sex: 'M' | 'F'): GridPart => ({
  sheet, title: null, unitText: 'человек, на начало года', metric: 'population_start_of_year', unit: 'persons',
  blocks: [
    { heading: sheet, dimensions: { sex, area: '_T' } },
    { heading: 'Городское население', dimensions: { sex, area: 'U' } },
    { heading: 'Сельское население', dimensions: { sex, area: 'R' } },
  ],
});

export const POPULATION_SEX_AREA_SPEC: PeriodGridSpec = {
  source_id: 'bns-population-sex-area',
  parts: [
    // compiled by the repository: no title or unit rows; it equals men + women in every cell
    { sheet: 'Все население', title: null, unitText: null, metric: 'population_start_of_year', unit: 'persons', blocks: [{ heading: null, dimensions: { sex: '_T', area: '_T' } }] },
    sexSheet('Мужчины', 'M'),
    sexSheet('Женщины', 'F'),
  ],
  // "2023" in the header is the count at 1 January 2023 (человек, на начало года): an instant
  period: (t) => (/^\d{4}$/u.test(t) ? { bounds: instantPeriod(`${t}-01-01`), markers: [] } : null),
  labelMarker: /^(.*?)\s+(\d)$/u,
  footnote: /^(\d)\)\s*(.+)$/u,
  nullTexts: { '-': DASH },
  periodNotes: [
    ...(['M', 'F'] as const).flatMap((sex) => (['U', 'R'] as const).map((area) => ({
      metric: 'population_start_of_year', period: '2008-01-01', dimensions: { sex, area },
      note: 'series break: urban/rural reclassification of settlements (the national urban population falls by about 567 thousand from 1 January 2007 to 1 January 2008 while the total grows); not a migration',
    }))),
    { metric: 'population_start_of_year', period: '2009-01-01', note: 'series break: from 1 January 2009 the counts follow the 2009 census' },
    { metric: 'population_start_of_year', period: '2022-01-01', note: 'series break: from 1 January 2022 the counts follow the 2021 census (national +623 607 in one year)' },
  ],
  moves: [{
    marker: '1', place: SOUTH_KAZAKHSTAN_LEGACY, from: 2000, to: 2016, absentPlace: 'KZ-79',
    footnote: /^Данные за \d{4}-\d{4}\s*гг\.? по Южно-Казахстанской области\.?$/u,
    note: 'the table prints this under "Туркестанская 1"; its footnote says 2000-2016 are the former South Kazakhstan region',
  }],
};

export const SCHOOLS_FILE = 'bns-more/general_education_schools_by_region_urban_rural.xlsx';

const SCHOOL_TURKISTAN =
  'Shymkent has its own row in those years and the regions sum exactly to the national row, so the figure is South Kazakhstan without Shymkent city, the territory of today\'s Turkistan region';

export const SCHOOLS_SPEC: PeriodGridSpec = {
  source_id: 'bns-schools',
  parts: [{
    sheet: 'Число общеобраз. школ', title: null, unitText: 'единиц', metric: 'general_education_schools', unit: 'units',
    // the total block is headed "Все население" in the export
    blocks: [
      { heading: 'Все население', dimensions: { area: '_T' } },
      { heading: 'Городское население', dimensions: { area: 'U' } },
      { heading: 'Сельское население', dimensions: { area: 'R' } },
    ],
  }],
  period: (t) => {
    const m = /^(\d{4})\/(\d{2})$/u.exec(t);
    return m && (Number(m[1]) + 1) % 100 === Number(m[2]) ? { bounds: schoolYearPeriod(Number(m[1])), markers: [] } : null;
  },
  labelMarker: /^(.*?)\s*(\*+|\d\))$/u,
  footnote: /^(\d\)|\*+)\s*(.+)$/u,
  footnotes: [
    // on the title: from the school year 2014/15, the Ministry of Education's data
    { key: '1)', says: /^С 2014 года .*данные собираются МОН РК/u, years: [[2014, null]] },
    // printed under the table without a marker: the urban and rural blocks up to 2007/08
    {
      key: '2)', says: /^До 2008 года данные по типу местности представлены без вечерних/u, unmarked: true, years: [[2000, 2007]], dimensions: { area: ['U', 'R'] },
      explains: 'urban and rural counts exclude evening general-education schools up to 2007/08, so urban + rural is less than the total',
    },
    // on the Turkistan row: its 2000/01-2017/18 values
    { key: '*', says: /^Данные за 2000-2017 гг\. по Южно-Казахстанской области/u, years: [[2000, 2017]], explains: SCHOOL_TURKISTAN },
  ],
  nullTexts: { '-': DASH, '…': 'source cell "…": not available' },
  periodNotes: [
    // Shymkent city's schools are urban: the total (1053) and the urban count (261) hold them, the rural count does not
    ...['2014/15', '2015/16'].flatMap((period) => (['_T', 'U'] as const).map((area) => (
      { metric: 'general_education_schools', period, place: 'KZ-61', dimensions: { area }, note: 'Shymkent city\'s schools are counted here this school year (Shymkent "…")' }
    ))),
  ],
};
