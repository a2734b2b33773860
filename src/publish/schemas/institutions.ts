// Schema of institutions-catalog.json: every institution with a freshness contract (docs/interface.md §2.1), and a
// responsible person that is either named with a cited source or null with a reason.
import { contractSchema, freshness, isoDate, names } from './common.js';
import { reviewStatus, uri } from './entities.js';

const person = {
  type: 'object',
  required: ['name', 'role', 'as_of', 'source_url'],
  properties: { name: names, role: { type: 'string' }, as_of: isoDate, source_url: uri },
} as const;

export const institutionsCatalogSchema = contractSchema(
  'institutions-catalog',
  'Institutions with responsible persons, sources and freshness',
  {
    count: { type: 'integer', minimum: 0 },
    counts_by_review_status: { type: 'object', additionalProperties: { type: 'integer' } },
    institutions: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'kind',
          'names',
          'website',
          'region',
          'responsible_person',
          'responsible_person_null_reason',
          'source_url',
          'review_status',
          'freshness',
        ],
        properties: {
          id: { type: 'string', pattern: '^institution:[a-z0-9-]+$' },
          kind: { enum: ['akimat', 'ministry', 'agency', 'state_body'] },
          names,
          website: uri,
          region: { type: ['string', 'null'], pattern: '^place:KZ-\\d{2}$' },
          responsible_person: { anyOf: [person, { type: 'null' }] },
          responsible_person_null_reason: { type: ['string', 'null'] },
          source_url: uri,
          review_status: reviewStatus,
          freshness,
        },
        // A missing person always says why (docs/interface.md §1.5: absence is not confirmed by silence).
        if: { properties: { responsible_person: { type: 'null' } } },
        then: { properties: { responsible_person_null_reason: { type: 'string', minLength: 1 } } },
      },
    },
  },
  ['count', 'institutions'],
);
