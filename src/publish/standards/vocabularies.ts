// Controlled vocabularies the DCAT-AP catalogue and the Data Package point to: licence IRIs, the EU
// Publications Office authority tables (frequency, file type, country), and the release's public base URL.
import type { DatasetDef, SourceDef } from '../../model/model.js';
import { SLA_DAYS } from '../../model/dataset-freshness.js';

/**
 * A source's licence as an IRI, only where the source states it and its terms were verified
 * (SourceDef.reuse_terms_verified): an unverified or unstated licence is never mapped to one.
 * Keyed by the licence text's leading words, which name the licence as the source does.
 */
const LICENCE_IRIS: [prefix: string, iri: string, name: string][] = [
  ['CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/', 'CC-BY-4.0'],
  ['CC BY-SA 3.0', 'https://creativecommons.org/licenses/by-sa/3.0/', 'CC-BY-SA-3.0'],
  ['CC0', 'https://creativecommons.org/publicdomain/zero/1.0/', 'CC0-1.0'],
  ['ODbL 1.0', 'https://opendatacommons.org/licenses/odbl/1-0/', 'ODbL-1.0'],
  ['MIT', 'https://spdx.org/licenses/MIT.html', 'MIT'],
];

export interface StatedLicence {
  iri: string;
  name: string; // SPDX identifier, as Data Package 2.0 `licenses[].name` asks
}

export function statedLicence(source: SourceDef): StatedLicence | null {
  if (!source.reuse_terms_verified) return null;
  const hit = LICENCE_IRIS.find(
    ([prefix]) => source.licence === prefix || source.licence.startsWith(`${prefix} `),
  );
  return hit ? { iri: hit[1], name: hit[2] } : null;
}

/** One line per source: its own licence words, or "not stated" where it states none. */
export function licenceStatement(sources: SourceDef[]): string {
  return sources
    .map(
      (s) =>
        `${s.title}: ${statedLicence(s) ? s.licence : `licence not stated by the source (${s.licence})`}`,
    )
    .join('; ');
}

const FREQUENCY = 'http://publications.europa.eu/resource/authority/frequency/';

/**
 * How often a dataset is updated (dct:accrualPeriodicity, EU frequency authority table), from the
 * dataset passport's freshness budget, its shortest cadence's (src/model/dataset-freshness.ts): a
 * rate fixed each business day, the Bureau's annual tables (400 days), boundaries redrawn by
 * reforms (irregular), a weekly digest; a series with quarterly periods is updated quarterly.
 */
export function frequencyOf(d: DatasetDef, subAnnual: boolean): string {
  if (d.sla_days <= SLA_DAYS.daily) return `${FREQUENCY}DAILY`;
  if (d.sla_days <= 7) return `${FREQUENCY}WEEKLY`;
  if (subAnnual) return `${FREQUENCY}QUARTERLY`; // quarters or cumulative quarters (Q1, H1, 9M) are published each quarter
  if (
    d.quality_status === 'official' ||
    d.quality_status === 'derived' ||
    d.id === 'public-holidays'
  )
    return `${FREQUENCY}ANNUAL`;
  return `${FREQUENCY}IRREG`;
}

/** File types (EU file-type authority table) and IANA media types of the published formats. */
export const FORMATS = {
  json: { fileType: 'JSON', media: 'application/json', description: 'JSON' },
  geojson: { fileType: 'GEOJSON', media: 'application/geo+json', description: 'GeoJSON' },
  csv: { fileType: 'CSV', media: 'text/csv', description: 'CSV table (RFC 4180, UTF-8)' },
  pdf: { fileType: 'PDF', media: 'application/pdf', description: 'one-page PDF' },
  jsonstat: {
    fileType: 'JSON',
    media: 'application/json',
    description:
      'JSON-stat 2.0 collection, one dataset per indicator (also the API v1 dataset URL with format=jsonstat)',
    standard: {
      '@id': 'https://json-stat.org/format/',
      '@type': 'dct:Standard',
      'dct:title': { '@value': 'JSON-stat 2.0', '@language': 'en' },
    },
  },
  sdmx: {
    fileType: 'SDMX',
    media: 'application/vnd.sdmx.structurespecificdata+xml',
    description: 'SDMX 2.1 REST (SDMX-ML and SDMX-CSV)',
  },
} as const;
export type FormatKey = keyof typeof FORMATS;

export const FILE_TYPE = 'http://publications.europa.eu/resource/authority/file-type/';
export const IANA_MEDIA_TYPE = 'https://www.iana.org/assignments/media-types/';

/** Kazakhstan in the EU country authority table (the spatial vocabulary DCAT-AP recommends). */
export const KAZAKHSTAN = 'http://publications.europa.eu/resource/authority/country/KAZ';

export function formatOfPath(path: string): FormatKey {
  if (path.endsWith('.jsonstat.json')) return 'jsonstat';
  const ext = path.slice(path.lastIndexOf('.') + 1);
  if (ext === 'json' || ext === 'geojson' || ext === 'csv' || ext === 'pdf') return ext;
  throw new Error(`data/${path}: no catalogue format for .${ext}`);
}

/** The prefixes of the DCAT-AP catalogue's JSON-LD context, Turtle and RDF/XML. */
export const DCAT_CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  spdx: 'http://spdx.org/rdf/terms#',
  dcatap: 'http://data.europa.eu/r5r/',
} as const;

export const AVAILABILITY =
  'http://publications.europa.eu/resource/authority/planned-availability/';
export const LICENCE_TYPE = 'http://purl.org/adms/licencetype/';
/** The ADMS licence types used here, labelled as the ADMS vocabulary labels them. */
export const LICENCE_TYPE_LABELS = {
  Attribution: 'Attribution',
  PublicDomain: 'Public domain',
  UnknownIPR: 'Unknown IPR',
} as const;
