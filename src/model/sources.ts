// Logical sources that figures cite. Their revision is derived from the pinned files' sha256,
// so a figure's `source.revision` changes exactly when its input bytes change.
import { canonicalHash } from '../lib/hash.js';
import type { SourcePassport } from './types.js';
import type { SourceDef } from './model.js';

type Def = Omit<SourceDef, 'revision' | 'files'> & { passport_ids: string[]; tables?: string[] };

const BNS_TERMS =
  'official statistics of the Republic of Kazakhstan; cite the Bureau; reuse terms not verified';

// The bns-extra files come through open-data repositories whose READMEs dedicate them under ODC PDDL
// 1.0 (no LICENSE file); the figures stay the Bureau's, whose reuse terms are not verified.
const BNS_EXTRA_TERMS = `${BNS_TERMS}; the copy used is dedicated by its repository README under ODC PDDL 1.0 (no LICENSE file)`;

// The doctors file's repository states two licences (datapackage.json: CC BY-SA 4.0; README: MIT
// with no LICENSE file): both are reported, neither is chosen.
const BNS_DOCTORS_TERMS = `${BNS_TERMS}; the copy used comes from a repository whose datapackage.json says CC BY-SA 4.0 and whose README says MIT without a LICENSE file (conflicting)`;
// The snapshots/nbk files: no licence is stated anywhere they come from; never one invented.
const NOT_STATED = (who: string) =>
  `not stated; official statistics of the Republic of Kazakhstan; cite the source (${who})`;
const NBK = 'National Bank of the Republic of Kazakhstan';
const BNS =
  'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan';
const TRANSCRIBED = 'transcribed from makenerzhan-gif/kazakhstan-economic-data';
const NBK_DEFS: Def[] = [
  {
    id: 'nbk-usd-kzt',
    title: 'Official USD/KZT exchange rate by business day (National Bank of Kazakhstan)',
    publisher: NBK,
    url: 'https://nationalbank.kz/rss/get_rates.cfm',
    licence: NOT_STATED('National Bank'),
    attribution: `Source: National Bank of Kazakhstan; ${TRANSCRIBED}`,
    reuse_terms_verified: false,
    passport_ids: ['nbk-usd-kzt'],
    review_status: 'unreviewed',
  },
  {
    id: 'nbk-base-rate',
    title: 'Base rate decisions (National Bank of Kazakhstan)',
    publisher: NBK,
    url: 'https://data.nationalbank.kz/api/v1/data/base-rate',
    licence: NOT_STATED('National Bank'),
    attribution: `Source: National Bank of Kazakhstan; ${TRANSCRIBED}`,
    reuse_terms_verified: false,
    passport_ids: ['nbk-base-rate'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-cpi-prev-month',
    title:
      'Consumer price index, previous month = 100 (Bureau of National Statistics, Taldau index 703076)',
    publisher: BNS,
    url: 'https://github.com/makenerzhan-gif/kazakhstan-economic-data/blob/086638567c99b91092c03e9c804f530926204383/metadata/bns/cpi.json',
    licence: NOT_STATED('Bureau'),
    attribution: `Source: Bureau of National Statistics (stat.gov.kz); ${TRANSCRIBED}`,
    reuse_terms_verified: false,
    passport_ids: ['bns-cpi-prev-month'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-cpi-prev-year',
    title:
      'Consumer price index, same month of previous year = 100 (Bureau of National Statistics)',
    publisher: BNS,
    url: 'https://github.com/makenerzhan-gif/kazakhstan-economic-data/blob/086638567c99b91092c03e9c804f530926204383/metadata/bns/cpi_yoy.json',
    licence: NOT_STATED('Bureau'),
    attribution: `Source: Bureau of National Statistics (stat.gov.kz); ${TRANSCRIBED}`,
    reuse_terms_verified: false,
    passport_ids: ['bns-cpi-prev-year'],
    review_status: 'unreviewed',
  },
];

const DEFS: Def[] = [
  {
    id: 'bns-population',
    title: 'Average annual population by region (Bureau of National Statistics, element 6576)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
    licence: BNS_TERMS,
    attribution: 'Source: Bureau of National Statistics (stat.gov.kz)',
    reuse_terms_verified: false,
    passport_ids: ['bns-population'],
    review_status: 'reviewed',
  },
  {
    id: 'bns-employed',
    title: 'Employed population by region (Bureau of National Statistics, table 102798)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-empt-unempl/',
    licence: BNS_TERMS,
    attribution: 'Source: Bureau of National Statistics (stat.gov.kz)',
    reuse_terms_verified: false,
    passport_ids: ['bns-employed'],
    review_status: 'reviewed',
  },
  {
    id: 'bns-unemployment',
    title: 'Unemployment rate by region (Bureau of National Statistics, table 102790)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-empt-unempl/',
    licence: BNS_TERMS,
    attribution: 'Source: Bureau of National Statistics (stat.gov.kz)',
    reuse_terms_verified: false,
    passport_ids: ['bns-unemployment'],
    review_status: 'reviewed',
  },
  {
    id: 'bns-grp',
    title: 'Gross regional product (Bureau of National Statistics, English edition)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/economy/national-accounts/',
    licence: BNS_TERMS,
    attribution: 'Source: Bureau of National Statistics (stat.gov.kz)',
    reuse_terms_verified: false,
    passport_ids: ['bns-grp'],
    review_status: 'reviewed',
  },
  {
    id: 'bns-life-expectancy',
    title:
      'Life expectancy at birth by region, sex and urban/rural (Bureau of National Statistics, as taken from stat.gov.kz by open-data-kazakhstan)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); compiled by open-data-kazakhstan/average-life-expectancy',
    reuse_terms_verified: false,
    passport_ids: ['bns-life-expectancy'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-hospitals',
    title:
      'Number of hospital organisations by region (Bureau of National Statistics, compiled by hand by open-data-kazakhstan)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/stat-medicine/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); compiled by open-data-kazakhstan/average-life-expectancy',
    reuse_terms_verified: false,
    passport_ids: ['bns-hospitals'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-emissions',
    title:
      'Emissions of pollutants into the atmosphere from stationary sources by region (Bureau of National Statistics, Excel 97 file)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/environment/stat-eco/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/eco-spendings-and-emissions',
    reuse_terms_verified: false,
    passport_ids: ['bns-emissions'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-env-expenditure',
    title:
      'Current expenditure on environmental protection by region (Bureau of National Statistics, Excel 97 file)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/environment/stat-eco/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/eco-spendings-and-emissions',
    reuse_terms_verified: false,
    passport_ids: ['bns-env-expenditure'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-income',
    title:
      'Average per capita nominal monetary income of the population by region (Bureau of National Statistics, taldau index 704447)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-life/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); exported by open-data-kazakhstan/average-per-capita-nominal-cash-income',
    reuse_terms_verified: false,
    passport_ids: ['bns-income'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-doctors',
    title:
      'Number of doctors of all specialities by region (Bureau of National Statistics, Excel 97 file)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/stat-medicine/',
    licence: BNS_DOCTORS_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/doctors-by-region',
    reuse_terms_verified: false,
    passport_ids: ['bns-doctors'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-household-expenditure',
    title:
      'Household money expenditure per capita by region (Bureau of National Statistics, Excel 97 file)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-life/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-cost-of-living-index',
    reuse_terms_verified: false,
    passport_ids: ['bns-household-expenditure'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-employment-agencies',
    title:
      'Persons who applied to employment authorities by region (Bureau of National Statistics, gender statistics portal)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://gender.stat.gov.kz/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); imported by open-data-kazakhstan/people-applied-employment-authorities',
    reuse_terms_verified: false,
    passport_ids: ['bns-employment-agencies'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-grp-per-capita',
    title:
      'Gross regional product per capita by region (Bureau of National Statistics, Russian edition)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/economy/national-accounts/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-gdp-per-capita',
    reuse_terms_verified: false,
    passport_ids: ['bns-grp-per-capita'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-bus-transport',
    title:
      'Bus transport by region: buses, passengers, passenger turnover (Bureau of National Statistics)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/business-statistics/stat-transport/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-public-transportation-quantity',
    reuse_terms_verified: false,
    passport_ids: ['bns-bus-transport'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-unemployment-quarterly',
    title:
      'Unemployment rate by region and quarter (Bureau of National Statistics, English edition)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-empt-unempl/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-unemployment-rate',
    reuse_terms_verified: false,
    passport_ids: ['bns-unemployment-quarterly'],
    review_status: 'unreviewed',
  },
  ...NBK_DEFS,
  {
    id: 'bns-population-sex-area',
    title:
      'Population at the beginning of the year by region, sex and urban/rural (Bureau of National Statistics, element 6584)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/population-projections-by-regions',
    reuse_terms_verified: false,
    passport_ids: ['bns-population-sex-area'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-working-age-2020',
    title:
      'Population by region, sex and working-age group at 1 January 2020 (open-data portal data.egov.kz, Bureau figures)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://data.egov.kz/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); portal export kept by open-data-kazakhstan/demographics-kz',
    reuse_terms_verified: false,
    passport_ids: ['bns-working-age-2020'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-schools',
    title:
      'Number of general-education schools by region and urban/rural (Bureau of National Statistics, web export)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/stat-edu-science-inno/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-school-private-public',
    reuse_terms_verified: false,
    passport_ids: ['bns-schools'],
    review_status: 'unreviewed',
  },
  {
    id: 'bns-population-bulletin-2023',
    title:
      'Population by region, district, sex and urban/rural on 1 January 2023 (Bureau of National Statistics bulletin, districts only)',
    publisher:
      'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan',
    url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
    licence: BNS_EXTRA_TERMS,
    attribution:
      'Source: Bureau of National Statistics (stat.gov.kz); file kept by open-data-kazakhstan/city-population',
    reuse_terms_verified: false,
    passport_ids: ['bns-population-bulletin-2023'],
    review_status: 'unreviewed',
  },
  {
    id: 'geokz',
    title: 'geokz 1.0.2 administrative boundaries (ADM1 2024, ADM2 2024, centres 2022)',
    publisher: 'A. Rodionov (geokz), derived from OCHA COD-AB Kazakhstan',
    url: 'https://github.com/arodionoff/geokz',
    licence: 'CC BY 4.0',
    attribution:
      'Boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0, derived from OCHA COD-AB Kazakhstan',
    reuse_terms_verified: true,
    passport_ids: ['geokz'],
    review_status: 'reviewed',
  },
  {
    id: 'osm',
    title: 'OpenStreetMap relation ids of the 20 first-level units',
    publisher: 'OpenStreetMap contributors (transcribed by timateus/steppe-by-steppe)',
    url: 'https://www.openstreetmap.org/',
    licence: 'ODbL 1.0',
    attribution: '© OpenStreetMap contributors, ODbL',
    reuse_terms_verified: true,
    passport_ids: ['osm'],
    review_status: 'reviewed',
  },
  {
    id: 'iso-3166',
    title: 'ISO 3166-2:KZ subdivision codes (iso-3166 npm package 4.4.0)',
    publisher: 'ISO 3166 Maintenance Agency; packaged by Titus Wormer',
    url: 'https://www.iso.org/obp/ui/#iso:code:3166:KZ',
    licence: 'MIT (package)',
    attribution: 'ISO 3166-2:KZ via iso-3166 4.4.0 (MIT)',
    reuse_terms_verified: true,
    passport_ids: ['iso-3166'],
    review_status: 'reviewed',
  },
  {
    id: 'date-holidays',
    title: 'Public holidays of Kazakhstan (date-holidays package)',
    publisher: 'date-holidays contributors',
    url: 'https://github.com/commenthol/date-holidays',
    licence: 'CC BY-SA 3.0 (data)',
    attribution: 'Holidays: date-holidays, CC BY-SA 3.0',
    reuse_terms_verified: true,
    passport_ids: [],
    tables: ['node_modules/date-holidays'],
    review_status: 'unreviewed',
  },
  {
    id: 'dala-tables',
    title: 'Dala hand-written reference tables (regions, indicators, institutions, events)',
    publisher: 'Dala',
    url: 'https://dala.kz/data/datasets/provenance.json',
    licence: 'CC BY 4.0 (tables); facts belong to their cited sources',
    attribution: 'Dala reference tables; each row cites its source URL',
    reuse_terms_verified: true,
    passport_ids: [],
    tables: [
      'sources/regions.json',
      'sources/legacy-places.json',
      'sources/indicators.json',
      'sources/institutions.json',
      'sources/events.json',
      'sources/district-corrections.json',
    ],
    review_status: 'unreviewed',
  },
  {
    id: 'dala-media-sample',
    title: 'Media publications demonstration sample (not real publications)',
    publisher: 'Dala',
    url: 'https://dala.kz/data/media-weekly-digest.json',
    licence: 'CC0 (synthetic demonstration data)',
    attribution: 'Demonstration sample, synthetic',
    reuse_terms_verified: true,
    passport_ids: [],
    tables: ['sources/media-sample.json'],
    review_status: 'demonstration',
  },
];

/** Builds the source list; `tableHashes` maps a sources/ table path to its sha256. */
export function buildSources(
  passports: SourcePassport[],
  tableHashes: Record<string, string>,
): SourceDef[] {
  return DEFS.map(({ passport_ids, tables = [], ...def }) => {
    const own = passports.filter((p) => passport_ids.includes(p.id));
    const files = [...own.map((p) => p.path), ...tables];
    const hashes = [...own.map((p) => p.sha256), ...tables.map((t) => tableHashes[t] ?? t)];
    return { ...def, files, revision: canonicalHash(hashes).slice(0, 16) };
  });
}
