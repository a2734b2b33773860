// Logical sources that figures cite. Their revision is derived from the pinned files' sha256,
// so a figure's `source.revision` changes exactly when its input bytes change.
import { canonicalHash } from '../lib/hash.js';
import type { SourcePassport } from './types.js';
import type { SourceDef } from './model.js';
import {
  BNS_DOCTORS_TERMS,
  BNS_EXTRA_TERMS,
  BNS_TERMS,
  NBK_DEFS,
  REFERENCE_DEFS,
  type Def,
} from './source-defs.js';

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
  ...REFERENCE_DEFS,
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
