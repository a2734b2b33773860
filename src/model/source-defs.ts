// The sources that are not Bureau tables read by Dala (the National Bank files and the Bureau's
// national CPI as transcribed beside them; reference tables and packages), and the declaration
// shape every source shares (sources.ts derives the list the model carries).
import type { SourceDef } from './model.js';

export type Def = Omit<SourceDef, 'revision' | 'files'> & {
  passport_ids: string[];
  tables?: string[];
};

export const BNS_TERMS =
  'official statistics of the Republic of Kazakhstan; cite the Bureau; reuse terms not verified';

// The bns-extra files come through open-data repositories whose READMEs dedicate them under ODC PDDL
// 1.0 (no LICENSE file); the figures stay the Bureau's, whose reuse terms are not verified.
export const BNS_EXTRA_TERMS = `${BNS_TERMS}; the copy used is dedicated by its repository README under ODC PDDL 1.0 (no LICENSE file)`;

// The doctors file's repository states two licences (datapackage.json: CC BY-SA 4.0; README: MIT
// with no LICENSE file): both are reported, neither is chosen.
export const BNS_DOCTORS_TERMS = `${BNS_TERMS}; the copy used comes from a repository whose datapackage.json says CC BY-SA 4.0 and whose README says MIT without a LICENSE file (conflicting)`;
// The snapshots/nbk files: no licence is stated anywhere they come from; never one invented.
const NOT_STATED = (who: string) =>
  `not stated; official statistics of the Republic of Kazakhstan; cite the source (${who})`;
const NBK = 'National Bank of the Republic of Kazakhstan';
const BNS =
  'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan';
const TRANSCRIBED = 'transcribed from makenerzhan-gif/kazakhstan-economic-data';
export const NBK_DEFS: Def[] = [
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

/** Boundaries, codes, holidays and Dala's own tables. */
export const REFERENCE_DEFS: Def[] = [
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
