// The one Ajv factory: every JSON Schema validator of the project (the build's contracts, the
// hand-written tables and passports, the standards' profiles, the bodies /api/v1 reads) is made
// here, so the dialect, the formats and the strictness are chosen in one place. Ajv is required on
// the first call, not when this module loads: loading it is start-up time for a serving process
// that may never validate a body. Fastify's route validators are its own (interface/lazy-schemas.ts).
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';

export type { Ajv, ErrorObject, ValidateFunction } from 'ajv';

export interface AjvOptions {
  /** The JSON Schema dialect of the schemas this instance compiles. */
  dialect: '2020-12' | 'draft-07' | 'draft-04';
  /** Every error of a value (a table's every faulty row) rather than the first. */
  allErrors?: boolean;
  /** Ajv's strict mode: refuses unknown keywords (off for schemas written by others). */
  strict?: boolean;
  /** The `format` keywords of ajv-formats (date, uri, email, ...) checked. */
  formats?: boolean;
}

const load = createRequire(import.meta.url);

/**
 * An Ajv for one family of schemas. Type coercion, defaults and removal of unknown members stay
 * off (Ajv's defaults): a value that is not what its schema says is an error, never rewritten.
 */
export function makeAjv(opts: AjvOptions): Ajv {
  // draft-04 is the dialect of schemas others published before draft-06 (SDMX-JSON 1.0)
  const Ajv = (
    opts.dialect === '2020-12'
      ? (load('ajv/dist/2020') as typeof import('ajv/dist/2020.js')).Ajv2020
      : opts.dialect === 'draft-04'
        ? (load('ajv-draft-04') as { default: unknown }).default
        : (load('ajv') as typeof import('ajv')).Ajv
  ) as new (options: object) => Ajv;
  const ajv = new Ajv({ allErrors: opts.allErrors ?? false, strict: opts.strict ?? false });
  if (opts.formats) (load('ajv-formats') as (ajv: Ajv) => void)(ajv);
  return ajv;
}
