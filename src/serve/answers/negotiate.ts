// Content negotiation (RFC 9110 12.5.1): the media type an answer takes from the client's Accept
// header (parsed by `negotiator`, which handles q-values and wildcards), or from an explicit
// `format` query parameter, which wins because links and spreadsheets cannot set headers.
// Nothing offered is acceptable: 406 not_acceptable listing what is.
//
// Media-type parameters: every answer is sent in UTF-8 (and a CSV with its header row), so a
// media range asking for `charset=utf-8` or `header=present` names the representation this service
// sends and is matched (RFC 9110 12.5.1: a range with parameters matches a representation carrying
// those parameters); one asking for another charset, or `header=absent`, names a representation no
// route has and gets 406. A parameter the offered types do not define says nothing about them
// (RFC 9110 8.3.2: its meaning is the media type's) and is ignored, so a client that adds one of
// its own is not refused for it.
import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';

/**
 * `format` values and the media type each names. `csv-excel` is the same CSV preceded by a UTF-8 byte
 * order mark, which Excel on Windows needs to read the file as UTF-8 (without it, Cyrillic is mangled).
 */
export const FORMATS = {
  json: 'application/json',
  csv: 'text/csv',
  'csv-excel': 'text/csv',
  html: 'text/html',
  ttl: 'text/turtle',
  jsonld: 'application/ld+json',
  rdf: 'application/rdf+xml',
  jsonstat: 'application/vnd.json-stat+json',
} as const;
export type Format = keyof typeof FORMATS;

/** Parameters every answer of this media type carries (the representation as sent). */
const SENT_PARAMETERS: Readonly<Record<string, string>> = {
  'text/csv': 'charset=utf-8;header=present',
};
const DEFAULT_PARAMETERS = 'charset=utf-8';

/**
 * Values of a media-type parameter that name an offered value, keyed by `type;parameter`: a range
 * naming one is matched as if it named the offered value (SDMX-JSON's version=1.0 names the 1.0.0
 * its type offers: src/serve/sdmx/media.ts).
 */
export type ParameterAliases = Readonly<Record<string, Readonly<Record<string, string>>>>;

interface MediaRange {
  type: string; // type/subtype, lower case
  params: [string, string][]; // name (lower case) and value, in order
  q: string | null;
}

/** Splits on `separator` outside double-quoted strings (RFC 9110 5.6.4). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function parseRange(text: string): MediaRange | null {
  const [type, ...rest] = splitOutsideQuotes(text, ';').map((s) => s.trim());
  if (!type || !type.includes('/')) return null;
  const params: [string, string][] = [];
  let q: string | null = null;
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 1) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    const value = p
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 9110 12.5.1: the weight ends the media range; what follows it is not a media-type parameter
    if (name === 'q') {
      q = value;
      break;
    }
    params.push([name, value]);
  }
  return { type: type.toLowerCase(), params, q };
}

const sameType = (range: string, offered: MediaRange) => {
  const [t, s] = range.split('/');
  const [ot, os] = offered.type.split('/');
  return (t === '*' || t === ot) && (s === '*' || s === os);
};

/** Each offered media type as negotiated: with the parameters every answer of it carries. */
function asSent(offered: string): string {
  const bare = offered.split(';')[0]!.trim().toLowerCase();
  const has = (name: string) => new RegExp(`;\\s*${name}=`, 'i').test(offered);
  const extra = (SENT_PARAMETERS[bare] ?? DEFAULT_PARAMETERS)
    .split(';')
    .filter((p) => !has(p.split('=')[0]!));
  return [offered, ...extra].join(';');
}

/**
 * The Accept header with, in each media range, only the parameters some offered type of that range
 * defines (and the weight), each value an alias names read as the value it names: the rest say
 * nothing about what this resource offers.
 */
function relevantAccept(
  accept: string,
  offered: readonly MediaRange[],
  aliases: ParameterAliases,
): string {
  return splitOutsideQuotes(accept, ',')
    .map((part) => parseRange(part))
    .filter((r): r is MediaRange => r !== null)
    .map((r) => {
      const defined = new Set(
        offered.filter((o) => sameType(r.type, o)).flatMap((o) => o.params.map(([n]) => n)),
      );
      const params = r.params
        .filter(([n]) => defined.has(n))
        .map(([n, v]) => `${n}=${aliases[`${r.type};${n}`]?.[v.toLowerCase()] ?? v}`);
      return [r.type, ...params, ...(r.q === null ? [] : [`q=${r.q}`])].join(';');
    })
    .join(', ');
}

export function preferredType<T extends string>(
  request: FastifyRequest,
  offered: readonly T[],
  aliases: ParameterAliases = {},
): T {
  const format = (request.query as { format?: string } | undefined)?.format;
  if (format !== undefined) {
    const named = FORMATS[format as Format] as T | undefined;
    if (named && offered.includes(named)) return named;
  }
  const accept = request.headers.accept;
  if (!accept) return offered[0]!;
  const sent = offered.map(asSent);
  const ranges = sent.map((s) => parseRange(s)!);
  const chosen = new Negotiator({
    headers: { accept: relevantAccept(accept, ranges, aliases) },
  }).mediaType(sent);
  if (chosen) return offered[sent.indexOf(chosen)]!;
  throw new ProblemError(
    'not_acceptable',
    `none of the media types this resource offers matches Accept: ${accept}; offered: ${sent.join(', ')}`,
    {
      offered: [...offered],
    },
  );
}

/** The `format` query parameter of a route offering these media types. */
export function formatParam(offered: readonly string[]): object {
  const names = (Object.keys(FORMATS) as Format[]).filter((f) => offered.includes(FORMATS[f]));
  return {
    type: 'string',
    enum: names,
    description: `Answer format (overrides Accept): ${names.join(' or ')}`,
  };
}
