// Schema of search-index.json: one entry per searchable entity, keys normalised (src/lib/text-normalise.ts).
import { contractSchema } from './common.js';
import { canonicalId, someNames } from './entities.js';

const strings = { type: 'array', items: { type: 'string' } } as const;
export const searchIndexSchema = contractSchema(
  'search-index',
  'Public search index',
  {
    normalisation: { type: 'string' },
    homonym_note: { type: 'string' },
    count: { type: 'integer', minimum: 0 },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'names', 'aliases', 'codes', 'keys'],
        properties: {
          id: canonicalId,
          type: { enum: ['place', 'district', 'institution', 'indicator', 'dataset', 'event'] },
          names: someNames,
          aliases: strings,
          codes: strings,
          keys: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        },
      },
    },
  },
  ['count', 'entries'],
);
