// Loads the search name tables in sources/: former and other-language names of places
// (historical-names.json, dated and cited) and common abbreviations (abbreviations.json). Every
// row is checked against its JSON Schema; a fault stops the build with the file, row and field.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeAjv, type ErrorObject } from '../lib/ajv.js';
import { mirrorsCited } from './mirror-hosts.js';
import { LANGUAGES, type Lang } from '../lib/languages.js';

export interface HistoricalName {
  name: string;
  lang: Lang;
  target: string; // canonical id of the place that bore the name
  status: 'former' | 'current_other_language';
  valid_until: string | null; // year or ISO date the former name was last in use; null when current
  source_url: string;
  review_status: 'reviewed' | 'unreviewed';
  reviewed_on: string | null;
  confirms: string | null;
}

export interface Abbreviation {
  abbr: string;
  lang: Lang;
  target: string;
  expansion: string;
  target_optional: boolean; // true: the row applies only when the release publishes the target
  source_url: string;
  review_status: 'reviewed' | 'unreviewed';
}

export interface NameTables {
  historical: HistoricalName[];
  abbreviations: Abbreviation[];
}

const lang = { enum: LANGUAGES } as const;
const url = { type: 'string', pattern: '^https?://' } as const;
const id = { type: 'string', pattern: '^[a-z]+:[A-Za-z0-9/_.-]+$' } as const;

// A reviewed row must say when it was read and what the page confirmed; an unreviewed one says neither.
const historicalRow = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'lang', 'target', 'status', 'valid_until', 'source_url', 'review_status', 'reviewed_on', 'confirms'],
  properties: {
    name: { type: 'string', minLength: 1 }, lang, target: id,
    status: { enum: ['former', 'current_other_language'] },
    valid_until: { type: ['string', 'null'], pattern: '^[0-9]{4}(-[0-9]{2}-[0-9]{2})?$' },
    source_url: url, review_status: { enum: ['reviewed', 'unreviewed'] },
    reviewed_on: { type: ['string', 'null'], pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    confirms: { type: ['string', 'null'], minLength: 1 },
  },
  if: { properties: { review_status: { const: 'reviewed' } } },
  then: { properties: { reviewed_on: { type: 'string' }, confirms: { type: 'string' } } },
  else: { properties: { reviewed_on: { type: 'null' }, confirms: { type: 'null' } } },
} as const;

const abbreviationRow = {
  type: 'object',
  additionalProperties: false,
  required: ['abbr', 'lang', 'target', 'expansion', 'target_optional', 'source_url', 'review_status'],
  properties: {
    abbr: { type: 'string', minLength: 2 }, lang, target: id, expansion: { type: 'string', minLength: 1 },
    target_optional: { type: 'boolean' }, source_url: url, review_status: { enum: ['reviewed', 'unreviewed'] },
  },
} as const;

const table = (row: object) => ({
  type: 'object', additionalProperties: false, required: ['note', 'rows'],
  properties: { note: { type: 'string' }, rows: { type: 'array', items: row } },
});

const ajv = makeAjv({ dialect: '2020-12', allErrors: true });
const FILES = {
  historical: { file: 'historical-names.json', validate: ajv.compile(table(historicalRow)) },
  abbreviations: { file: 'abbreviations.json', validate: ajv.compile(table(abbreviationRow)) },
} as const;

function describe(file: string, e: ErrorObject): string {
  const m = /^\/rows\/(\d+)(?:\/(.*))?$/.exec(e.instancePath);
  const field = e.keyword === 'required' ? String(e.params['missingProperty']) : m?.[2] ?? '(file)';
  return `sources/${file}${m ? ` row ${m[1]}` : ''} field ${field}: ${e.message ?? 'invalid'}`;
}

export async function loadNameTables(sourcesDir: string): Promise<NameTables> {
  const out: Partial<Record<keyof NameTables, unknown>> = {};
  const faults: string[] = [];
  for (const [key, { file, validate }] of Object.entries(FILES) as [keyof NameTables, (typeof FILES)[keyof NameTables]][]) {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(join(sourcesDir, file), 'utf8'));
    } catch (err) {
      faults.push(`sources/${file} field (file): cannot be read as JSON: ${(err as Error).message}`);
      continue;
    }
    if (!validate(value)) faults.push(...(validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => describe(file, e)));
    else out[key] = (value as { rows: unknown[] }).rows;
  }
  (out.historical as HistoricalName[] | undefined)?.forEach((r, i) => {
    if (r.review_status !== 'reviewed') return;
    for (const c of mirrorsCited({ url: r.source_url, confirmed: r.confirms ?? '' })) {
      faults.push(`sources/historical-names.json row ${i} field ${c.where === 'url' ? 'source_url' : 'confirms'}: ${c.message}`);
    }
  });
  if (faults.length > 0) throw new Error(`name tables are invalid:\n${faults.join('\n')}`);
  return out as NameTables;
}
