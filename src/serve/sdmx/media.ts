// The media types of /sdmx/2.1/ (SDMX 2.1 REST, "Selection of the appropriate representation";
// SDMX-CSV 1.0 and SDMX-JSON 1.0 for their types), what each route offers, and how an answer is sent.
import type { FastifyReply } from 'fastify';
import type { ParameterAliases } from '../answers/negotiate.js';
import { DEFAULT_CACHE_CONTROL } from '../answers/route-made.js';

export const MEDIA = {
  structure: 'application/vnd.sdmx.structure+xml;version=2.1',
  structureSpecific: 'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
  generic: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  csv: 'application/vnd.sdmx.data+csv;version=1.0.0',
  json: 'application/vnd.sdmx.data+json;version=1.0.0',
  structureJson: 'application/vnd.sdmx.structure+json;version=1.0.0',
  schema: 'application/vnd.sdmx.schema+xml;version=2.1',
} as const;

// The version strings clients send for the offered SDMX-JSON and SDMX-CSV versions: "1.0" is 1.0.0
// without its patch number, as .Stat Suite services and their clients write SDMX-JSON's
// (application/vnd.sdmx.structure+json;version=1.0;urn=true); "1.0.0-wd", the name of SDMX-JSON 1.0's
// working draft, is what ECB, ABS and IMF clients still send, and .Stat Suite services answer it with
// the 1.0 message. Each is matched as the version offered and answered as 1.0.0, which the
// Content-Type names. (urn=true asks for URNs, which every structure here carries; a parameter no
// offered type defines is ignored anyway: src/serve/answers/negotiate.ts.)
export const VERSION_ALIASES: ParameterAliases = {
  'application/vnd.sdmx.data+json;version': { '1.0': '1.0.0', '1.0.0-wd': '1.0.0' },
  'application/vnd.sdmx.structure+json;version': { '1.0': '1.0.0', '1.0.0-wd': '1.0.0' },
  'application/vnd.sdmx.data+csv;version': { '1.0': '1.0.0' },
};

// SDMX-CSV's parameters (labels, timeFormat) choose among representations: each is offered, so that
// negotiation (src/serve/answers/negotiate.ts) matches the parameters a client names.
const CSV_VARIANTS = [
  MEDIA.csv,
  `${MEDIA.csv};labels=id;timeFormat=original`,
  `${MEDIA.csv};labels=both;timeFormat=original`,
  `${MEDIA.csv};labels=id;timeFormat=normalized`,
  `${MEDIA.csv};labels=both;timeFormat=normalized`,
];

// The first offered type is the default (no Accept, */*); plain XML and CSV types name the default forms.
// Category schemes and categorisations are answered in SDMX-ML only; the other structures and the
// content constraints of availability also in SDMX-JSON.
export const STRUCTURE_ML_TYPES = [MEDIA.structure, 'application/xml', 'text/xml'];
export const STRUCTURE_TYPES = [
  MEDIA.structure,
  MEDIA.structureJson,
  'application/xml',
  'text/xml',
  'application/json',
];
export const DATA_TYPES = [
  MEDIA.structureSpecific,
  MEDIA.generic,
  ...CSV_VARIANTS,
  MEDIA.json,
  'application/xml',
  'text/xml',
  'text/csv',
  'application/json',
];
export const SCHEMA_TYPES = [MEDIA.schema, 'application/xml', 'text/xml'];

/** The SDMX-CSV options a negotiated type names (the defaults for a type without them). */
export function csvOptions(type: string): {
  labels: 'id' | 'both';
  timeFormat: 'original' | 'normalized';
} | null {
  if (type !== 'text/csv' && !type.startsWith(MEDIA.csv)) return null;
  return {
    labels: /;labels=both/.test(type) ? 'both' : 'id',
    timeFormat: /;timeFormat=normalized/.test(type) ? 'normalized' : 'original',
  };
}

/** A negotiated type as a Content-Type: its parameters after "; ", then the charset. */
export const withCharset = (type: string) => `${type.split(';').join('; ')}; charset=utf-8`;

export function send(reply: FastifyReply, type: string, body: string | Buffer): FastifyReply {
  return reply
    .header('cache-control', DEFAULT_CACHE_CONTROL)
    .type(withCharset(type))
    .send(typeof body === 'string' ? Buffer.from(body) : body);
}

const ERROR_STATUSES = {
  400: 'syntax error (SDMX code 140)',
  404: 'no results (SDMX code 100)',
  406: 'no offered media type is acceptable (code 1406)',
  413: 'response too large (SDMX code 510)',
  501: 'not implemented (SDMX code 501)',
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUSES;

/** The responses of an SDMX route: each offered media type, and the SDMX-ML error messages. */
export function responses(
  summary: string,
  types: readonly string[],
  errors: ErrorStatus[],
): Record<string, object> {
  const text = { type: 'string', description: 'An SDMX message as text (XML, CSV or JSON)' };
  const out: Record<string, object> = {
    200: {
      description: summary,
      content: Object.fromEntries(types.map((t) => [t, { schema: text }])),
    },
  };
  for (const status of errors)
    out[status] = {
      description: `SDMX-ML error message: ${ERROR_STATUSES[status]}`,
      content: { 'application/xml': { schema: text } },
    };
  return out;
}
