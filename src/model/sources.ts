// Logical sources that figures cite. Their revision is derived from the pinned files' sha256,
// so a figure's `source.revision` changes exactly when its input bytes change.
import { canonicalHash } from '../lib/hash.js';
import type { SourcePassport } from './types.js';
import type { SourceDef } from './model.js';

type Def = Omit<SourceDef, 'revision' | 'files'> & { passport_ids: string[]; tables?: string[] };

const BNS_TERMS = 'official statistics of the Republic of Kazakhstan; cite the Bureau; reuse terms not verified';

const DEFS: Def[] = [
  { id: 'bns-population', title: 'Average annual population by region (Bureau of National Statistics, element 6576)', publisher: 'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan', url: 'https://stat.gov.kz/en/industries/social-statistics/demography/', licence: BNS_TERMS, attribution: 'Source: Bureau of National Statistics (stat.gov.kz)', reuse_terms_verified: false, passport_ids: ['bns-population'], review_status: 'reviewed' },
  { id: 'bns-employed', title: 'Employed population by region (Bureau of National Statistics, table 102798)', publisher: 'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan', url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-empt-unempl/', licence: BNS_TERMS, attribution: 'Source: Bureau of National Statistics (stat.gov.kz)', reuse_terms_verified: false, passport_ids: ['bns-employed'], review_status: 'reviewed' },
  { id: 'bns-unemployment', title: 'Unemployment rate by region (Bureau of National Statistics, table 102790)', publisher: 'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan', url: 'https://stat.gov.kz/en/industries/labor-and-income/stat-empt-unempl/', licence: BNS_TERMS, attribution: 'Source: Bureau of National Statistics (stat.gov.kz)', reuse_terms_verified: false, passport_ids: ['bns-unemployment'], review_status: 'reviewed' },
  { id: 'bns-grp', title: 'Gross regional product (Bureau of National Statistics, English edition)', publisher: 'Bureau of National Statistics of the Agency for Strategic Planning and Reforms of the Republic of Kazakhstan', url: 'https://stat.gov.kz/en/industries/economy/national-accounts/', licence: BNS_TERMS, attribution: 'Source: Bureau of National Statistics (stat.gov.kz)', reuse_terms_verified: false, passport_ids: ['bns-grp'], review_status: 'reviewed' },
  { id: 'geokz', title: 'geokz 1.0.2 administrative boundaries (ADM1 2024, ADM2 2024, centres 2022)', publisher: 'A. Rodionov (geokz), derived from OCHA COD-AB Kazakhstan', url: 'https://github.com/arodionoff/geokz', licence: 'CC BY 4.0', attribution: 'Boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0, derived from OCHA COD-AB Kazakhstan', reuse_terms_verified: true, passport_ids: ['geokz'], review_status: 'reviewed' },
  { id: 'osm', title: 'OpenStreetMap relation ids of the 20 first-level units', publisher: 'OpenStreetMap contributors (transcribed by timateus/steppe-by-steppe)', url: 'https://www.openstreetmap.org/', licence: 'ODbL 1.0', attribution: '© OpenStreetMap contributors, ODbL', reuse_terms_verified: true, passport_ids: ['osm'], review_status: 'reviewed' },
  { id: 'iso-3166', title: 'ISO 3166-2:KZ subdivision codes (iso-3166 npm package 4.4.0)', publisher: 'ISO 3166 Maintenance Agency; packaged by Titus Wormer', url: 'https://www.iso.org/obp/ui/#iso:code:3166:KZ', licence: 'MIT (package)', attribution: 'ISO 3166-2:KZ via iso-3166 4.4.0 (MIT)', reuse_terms_verified: true, passport_ids: ['iso-3166'], review_status: 'reviewed' },
  { id: 'date-holidays', title: 'Public holidays of Kazakhstan (date-holidays package)', publisher: 'date-holidays contributors', url: 'https://github.com/commenthol/date-holidays', licence: 'CC BY-SA 3.0 (data)', attribution: 'Holidays: date-holidays, CC BY-SA 3.0', reuse_terms_verified: true, passport_ids: [], tables: ['node_modules/date-holidays'], review_status: 'unreviewed' },
  { id: 'dala-tables', title: 'Dala hand-written reference tables (regions, indicators, institutions, events)', publisher: 'Dala', url: 'https://dala.kz/data/datasets/provenance.json', licence: 'CC BY 4.0 (tables); facts belong to their cited sources', attribution: 'Dala reference tables; each row cites its source URL', reuse_terms_verified: true, passport_ids: [], tables: ['sources/regions.json', 'sources/indicators.json', 'sources/institutions.json', 'sources/events.json', 'sources/district-corrections.json'], review_status: 'unreviewed' },
  { id: 'dala-media-sample', title: 'Media publications demonstration sample (not real publications)', publisher: 'Dala', url: 'https://dala.kz/data/media-weekly-digest.json', licence: 'CC0 (synthetic demonstration data)', attribution: 'Demonstration sample, synthetic', reuse_terms_verified: true, passport_ids: [], tables: ['sources/media-sample.json'], review_status: 'demonstration' },
];

/** Builds the source list; `tableHashes` maps a sources/ table path to its sha256. */
export function buildSources(passports: SourcePassport[], tableHashes: Record<string, string>): SourceDef[] {
  return DEFS.map(({ passport_ids, tables = [], ...def }) => {
    const own = passports.filter((p) => passport_ids.includes(p.id));
    const files = [...own.map((p) => p.path), ...tables];
    const hashes = [...own.map((p) => p.sha256), ...tables.map((t) => tableHashes[t] ?? t)];
    return { ...def, files, revision: canonicalHash(hashes).slice(0, 16) };
  });
}
