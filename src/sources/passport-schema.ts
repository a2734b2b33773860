// The schema of a snapshot passport (sources/passports.json): which file of the snapshot directory,
// where it came from, under what licence, and the sha256 and size every build verifies it against.
// The type the build reads passports as is derived from it.
import type { FromSchema } from 'json-schema-to-ts';

const text = { type: 'string', minLength: 1 } as const;

export const PASSPORT_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'path', 'origin_url', 'licence', 'attribution', 'retrieved', 'sha256', 'bytes'],
    properties: {
      id: { type: 'string', pattern: '^[a-z0-9-]+$', description: 'The source id, e.g. bns-grp' },
      path: { ...text, description: 'Relative to the snapshot directory' },
      origin_url: { type: 'string', format: 'uri' },
      licence: text,
      attribution: text,
      retrieved: { type: 'string', format: 'date' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      bytes: { type: 'integer', minimum: 0 },
    },
  },
} as const;

export type SourcePassport = FromSchema<typeof PASSPORT_SCHEMA>[number];
