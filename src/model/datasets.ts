// Dataset passports: what each published dataset holds, where it comes from and how fresh it must
// be. A series dataset's sla_days follows the cadence of its indicators (./dataset-freshness.ts);
// boundaries change with reforms (730 days).
import type { IndicatorRow } from '../sources/table-schemas.js';
import { freshnessOf } from './dataset-freshness.js';
import type { Point } from './types.js';
import type { DatasetDef } from './model.js';

export const LIFE_EXPECTANCY_METRICS = [
  'life_expectancy',
  'life_expectancy_male',
  'life_expectancy_male_urban',
  'life_expectancy_male_rural',
  'life_expectancy_female',
  'life_expectancy_female_urban',
  'life_expectancy_female_rural',
];
export const GRP_PER_CAPITA_METRICS = [
  'grp_per_capita',
  'grp_per_capita_cumulative',
  'grp_per_capita_usd',
  'grp_per_capita_usd_cumulative',
];
export const BUS_METRICS = [
  'buses_in_stock',
  'buses_individual_owners',
  'bus_passengers',
  'bus_passenger_km',
];
/** The bns-more tables without a breakdown. */
export const MORE_METRICS = [
  'doctors',
  'household_money_expenditure_per_capita',
  'employment_agency_applicants',
  'unemployment_rate_quarterly',
  ...GRP_PER_CAPITA_METRICS,
  ...BUS_METRICS,
];
export const EXTRA_METRICS = [
  ...LIFE_EXPECTANCY_METRICS,
  'hospital_organisations',
  'air_emissions_stationary',
  'environmental_protection_expenditure',
  'income_per_capita_nominal',
  ...MORE_METRICS,
];
/** Dataset id -> metrics of the bns-more tables without a breakdown (one dataset per table). */
export const MORE_DATASETS: Readonly<Record<string, readonly string[]>> = {
  doctors: ['doctors'],
  'household-expenditure': ['household_money_expenditure_per_capita'],
  'employment-agency-applicants': ['employment_agency_applicants'],
  'unemployment-quarterly': ['unemployment_rate_quarterly'],
  'grp-per-capita': GRP_PER_CAPITA_METRICS,
  'bus-transport': BUS_METRICS,
  'population-sex-area': ['population_start_of_year'],
  'working-age-groups': ['population_working_age_groups'],
  schools: ['general_education_schools'],
  'district-population': ['population_by_district'],
};
const MORE_SOURCES = [
  'bns-population-sex-area',
  'bns-working-age-2020',
  'bns-schools',
  'bns-population-bulletin-2023',
  'bns-doctors',
  'bns-household-expenditure',
  'bns-employment-agencies',
  'bns-unemployment-quarterly',
  'bns-grp-per-capita',
  'bns-bus-transport',
];
const EXTRA_SOURCES = [
  'bns-life-expectancy',
  'bns-hospitals',
  'bns-emissions',
  'bns-env-expenditure',
  'bns-income',
  ...MORE_SOURCES,
];
/** The national daily and monthly series of snapshots/nbk. */
export const NATIONAL_METRICS = [
  'usd_kzt_rate',
  'base_rate',
  'cpi_prev_month',
  'cpi_same_month_prev_year',
] as const;

const HEADLINE = ['population', 'employed', 'unemployment_rate', 'grp'];

// Says exactly what Dala changes (each change is also stated in the point's note): nothing else. The
// one rounding rule is asDisplayed (src/sources/bns-grid-checks.ts); CSV transcriptions keep the
// decimals of the table they copy (src/sources/bns-csv.ts).
const AS_PUBLISHED =
  "Every number is published as its table displays it: a spreadsheet cell to the decimals of its number format (a cell holding 4917.916666666667 shown as 4,918 is published as 4918), a cell in the General format and a CSV field as written, with binary floating-point noise beyond 12 significant digits dropped, and a CSV transcription of a Bureau table to that table's decimals; each changed value says so in its note. A value the source calls an estimate has status estimate. Missing values are published as null with a reason; labels are normalised.";
const OFFICIAL_LIMITS = `Official statistics of the Bureau. ${AS_PUBLISHED} Legally significant use must be checked at stat.gov.kz.`;
const RATES_LIMITS = `Official statistics of the National Bank of Kazakhstan (USD/KZT rate, base rate) and of the Bureau (consumer price index), transcribed by a third-party repository (makenerzhan-gif/kazakhstan-economic-data). ${AS_PUBLISHED} Legally significant use must be checked at nationalbank.kz and stat.gov.kz.`;

export function buildDatasets(
  points: Point[],
  frequencies: ReadonlyMap<string, IndicatorRow['frequency']>,
  dates: { latestEvent: string | null; latestHoliday: string | null; mediaLast: string | null },
): DatasetDef[] {
  const { latestEvent: latestEventDate, latestHoliday, mediaLast: mediaLastDate } = dates;
  const series = (
    id: string,
    title: string,
    description: string,
    metrics: readonly string[],
    sources: string[],
    limits = OFFICIAL_LIMITS,
  ): DatasetDef => ({
    id,
    title,
    description,
    path: `datasets/${id}.json`,
    csv_path: `datasets/${id}.csv`,
    source_ids: sources,
    ...freshnessOf(points, metrics, frequencies),
    historical: false,
    quality_status: 'official',
    publication_limits: limits,
  });
  return [
    series(
      'population',
      'Average annual population by region',
      'Persons, 20 regions and the national total, 2009 onwards, back-cast to the 2022 borders.',
      ['population'],
      ['bns-population'],
    ),
    series(
      'labour-market',
      'Employed population and unemployment rate by region',
      'Thousand persons and percent, 2001 onwards; series break in 2022; 2015 not published.',
      ['employed', 'unemployment_rate'],
      ['bns-employed', 'bns-unemployment'],
    ),
    series(
      'gross-regional-product',
      'Gross regional product',
      'mln KZT (1990-1992 mln roubles), annual from 1990 and cumulative Q1/H1/9M from 2008; 2023 preliminary.',
      ['grp', 'grp_cumulative'],
      ['bns-grp'],
    ),
    series(
      'health',
      'Life expectancy and hospital organisations by region',
      'Life expectancy at birth (years; both sexes, men and women, each total, urban and rural), 1999-2022, and the number of hospital organisations, 2003-2022; series breaks in 2018 and 2022.',
      [...LIFE_EXPECTANCY_METRICS, 'hospital_organisations'],
      ['bns-life-expectancy', 'bns-hospitals'],
    ),
    series(
      'environment',
      'Air emissions and environmental protection expenditure by region',
      'Emissions of pollutants from stationary sources (thousand tonnes) and current expenditure on environmental protection (thousand KZT), 2005-2022; series breaks in 2018 and 2022.',
      ['air_emissions_stationary', 'environmental_protection_expenditure'],
      ['bns-emissions', 'bns-env-expenditure'],
    ),
    series(
      'household-income',
      'Average per capita nominal monetary income by region',
      'KZT per month, 2000-2020, pre-2022 regions; series break in 2018; values truncated to whole tenge by the export.',
      ['income_per_capita_nominal'],
      ['bns-income'],
    ),
    series(
      'doctors',
      'Number of doctors of all specialities by region',
      'Persons at the end of the year, 2003-2022; 2003-2017 South Kazakhstan as the former region; series breaks in 2018 and 2022; Almaty city 2016 flagged suspicious.',
      MORE_DATASETS['doctors']!,
      ['bns-doctors'],
    ),
    series(
      'household-expenditure',
      'Household money expenditure per capita by region',
      'KZT per person per month, 2001-2022, as the table displays them (whole tenge); the values the table calls estimates (2018 Turkistan and Shymkent, 2022 six regions) have status estimate.',
      MORE_DATASETS['household-expenditure']!,
      ['bns-household-expenditure'],
    ),
    series(
      'employment-agency-applicants',
      'Persons who applied to employment authorities by region',
      'Persons per year, 2001-2021, regions before 2022.',
      MORE_DATASETS['employment-agency-applicants']!,
      ['bns-employment-agencies'],
    ),
    series(
      'unemployment-quarterly',
      'Unemployment rate by region and quarter',
      "Percent, quarters and the table's annual figure, 2001 to IV quarter 2023; a separate indicator from the annual unemployment rate.",
      MORE_DATASETS['unemployment-quarterly']!,
      ['bns-unemployment-quarterly'],
    ),
    series(
      'grp-per-capita',
      'Gross regional product per capita',
      'Thousand KZT and US dollars, annual and cumulative I quarter / I half / 9 months, 2008 to 9 months 2023.',
      MORE_DATASETS['grp-per-capita']!,
      ['bns-grp-per-capita'],
    ),
    series(
      'bus-transport',
      'Bus transport by region',
      'Buses in stock (units, national from 1990, regions from 2003) and of individual owners (units, national from 1992, regions from 2003), counted by registration region from 2005; passengers (million) and passenger turnover (million passenger-km), 2003-2022; series break 2019 to 2020.',
      MORE_DATASETS['bus-transport']!,
      ['bns-bus-transport'],
    ),
    series(
      'rates-and-prices',
      'USD/KZT rate, base rate and consumer price index (national)',
      'Official USD/KZT rate by business day (2021-05-10 onwards, KZT per USD), the National Bank base rate as the rate in force each day (from 2024-10-14, percent per year) and the monthly consumer price index (2011 onwards, previous month = 100 and same month of previous year = 100).',
      [...NATIONAL_METRICS],
      ['nbk-usd-kzt', 'nbk-base-rate', 'bns-cpi-prev-month', 'bns-cpi-prev-year'],
      RATES_LIMITS,
    ),
    series(
      'population-sex-area',
      'Population at the beginning of the year by sex and urban/rural',
      'Persons at 1 January 2000-2023 (instants), national and 20 regions, by sex x urban/rural; census breaks 2009 and 2022, urban/rural reclassification 2008.',
      MORE_DATASETS['population-sex-area']!,
      ['bns-population-sex-area'],
    ),
    series(
      'working-age-groups',
      'Population by sex and working-age group, 1 January 2020',
      'Persons at 1 January 2020 by sex x age band (men 0-15, 16-62, 63+; women 0-15, 16-58, 59+), regions before 2022.',
      MORE_DATASETS['working-age-groups']!,
      ['bns-working-age-2020'],
    ),
    series(
      'schools',
      'General-education schools by urban/rural',
      'Units by school year 2000/01-2022/23, total, urban and rural.',
      MORE_DATASETS.schools!,
      ['bns-schools'],
    ),
    series(
      'district-population',
      'Population by district, 1 January 2023',
      'Persons at 1 January 2023 by city administration and district, by sex x urban/rural, from the Bureau bulletin of 13 February 2023.',
      MORE_DATASETS['district-population']!,
      ['bns-population-bulletin-2023'],
    ),
    {
      id: 'official-regional-indicators',
      title: 'Official regional indicators (latest period of each)',
      description:
        'The 20 regions with the latest population, labour-market, GRP, health, environment and income figures, each with its own period.',
      path: 'official-regional-indicators.json',
      csv_path: 'official-regional-indicators.csv',
      source_ids: [
        'bns-population',
        'bns-employed',
        'bns-unemployment',
        'bns-grp',
        ...EXTRA_SOURCES,
      ],
      ...freshnessOf(points, [...HEADLINE, ...EXTRA_METRICS], frequencies),
      historical: false,
      quality_status: 'official',
      publication_limits: OFFICIAL_LIMITS,
    },
    {
      id: 'public-observations',
      title: 'Public observations',
      description:
        'Flat list of the latest published observation per indicator and place, each with a content hash.',
      path: 'public-observations.json',
      csv_path: 'public-observations.csv',
      source_ids: [
        'bns-population',
        'bns-employed',
        'bns-unemployment',
        'bns-grp',
        ...EXTRA_SOURCES,
      ],
      ...freshnessOf(points, [...HEADLINE, ...EXTRA_METRICS], frequencies),
      historical: false,
      quality_status: 'derived',
      publication_limits: OFFICIAL_LIMITS,
    },
    {
      id: 'regional-boundaries',
      title: 'Regional boundaries (ADM1 2024)',
      description:
        'The 20 first-level units after the 2022 reform, repaired to be valid (GEOS-grade) and simplified for the country file.',
      path: 'kz_adm1_current.geojson',
      csv_path: null,
      source_ids: ['geokz', 'iso-3166'],
      as_of: '2024-01-01',
      sla_days: 730,
      historical: false,
      quality_status: 'reference',
      publication_limits:
        'CC BY 4.0: attribute "Boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0, derived from OCHA COD-AB Kazakhstan". Generalised 1:1M; not for legal boundary determination.',
    },
    {
      id: 'institutions',
      title: 'State institutions catalog',
      description:
        '55 institutions: the 20 regional akimats, ministries, agencies and other state bodies.',
      path: 'institutions-catalog.json',
      csv_path: 'institutions-catalog.csv',
      source_ids: ['dala-tables'],
      as_of: null,
      sla_days: 90,
      historical: false,
      quality_status: 'reference',
      publication_limits:
        'Hand-written from public official pages; rows are unreviewed until checked against the cited page; responsible persons are published only where a cited page names them.',
    },
    {
      id: 'events',
      title: 'Verified administrative events',
      description:
        'Reforms and renamings (hand-written, each with a source URL), listed only once reviewed at that source and dated on or before the build.',
      path: 'workbench.json',
      csv_path: null,
      source_ids: ['dala-tables'],
      as_of: latestEventDate,
      sla_days: 365,
      historical: false,
      quality_status: 'reference',
      publication_limits:
        'Each event cites its source and the date it was read there; legally significant use must be checked at that source.',
    },
    {
      id: 'public-holidays',
      title: 'Public holiday calendar (date-holidays package, unreviewed)',
      description:
        'Official public holidays and substitute days off of Kazakhstan as computed by the date-holidays package, 2020-2026; a calendar, not verified events.',
      path: 'public-holidays.json',
      csv_path: null,
      source_ids: ['date-holidays'],
      as_of: latestHoliday,
      sla_days: 365,
      historical: false,
      quality_status: 'reference',
      publication_limits:
        'CC BY-SA 3.0 (date-holidays data); not reviewed by Dala; check official decrees on transferred days off before relying on a date.',
    },
    {
      id: 'media-sample',
      title: 'Media publications (synthetic demonstration)',
      description:
        'A synthetic demonstration sample used to show the weekly digest. Not real publications, citing no real source; never mixed into real series.',
      path: 'media-weekly-digest.json',
      csv_path: null,
      source_ids: ['dala-media-sample'],
      as_of: mediaLastDate,
      sla_days: 7,
      historical: false,
      quality_status: 'demonstration',
      publication_limits:
        'Synthetic demonstration data only: do not cite, aggregate or compare with real series.',
    },
  ];
}

/** A release cannot describe data from its own future: the build refuses rather than report a negative age. */
export function refuseFutureData(datasets: DatasetDef[], builtDay: string): void {
  for (const d of datasets) {
    if (d.as_of !== null && d.as_of > builtDay) {
      throw new Error(
        `dataset ${d.id}: as_of ${d.as_of} is after the build date ${builtDay}; a release cannot be older than its data (is SOURCE_DATE_EPOCH too early?)`,
      );
    }
  }
}
