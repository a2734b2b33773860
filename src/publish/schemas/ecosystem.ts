// Schemas of reviewed-projection-registry.json, ecosystem-contract.json and platform-exchange-contract.json.
// The browser app reads ecosystem-contract.json by the type derived from its schema (no server code here).
import type { FromSchema } from 'json-schema-to-ts';
import { contractSchema } from './common.js';
import { uri } from './entities.js';

const count = { type: 'integer', minimum: 0 } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const sha256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

export const reviewedProjectionRegistrySchema = contractSchema(
  'reviewed-projection-registry',
  'Review statuses of the registered projections',
  {
    note: { type: 'string', minLength: 1 },
    projections: {
      type: 'array',
      minItems: 3,
      maxItems: 3,
      items: {
        type: 'object',
        required: ['id', 'title', 'paths', 'total', 'counts_by_review_status'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          paths: strings,
          total: count,
          counts_by_review_status: {
            type: 'object',
            required: ['verified', 'reviewed', 'unreviewed', 'demonstration'],
            properties: {
              verified: count,
              reviewed: count,
              unreviewed: count,
              demonstration: count,
            },
            additionalProperties: count,
          },
        },
      },
    },
  },
  ['note', 'projections'],
);

const inbound = {
  type: 'object',
  required: ['id', 'origin_url', 'path', 'sha256', 'bytes', 'retrieved', 'licence', 'mode'],
  properties: {
    id: { type: 'string' },
    origin_url: uri,
    path: { type: 'string' },
    sha256,
    bytes: count,
    retrieved: { type: 'string', format: 'date' },
    licence: { type: 'string' },
    mode: { type: 'string' },
  },
} as const;

export const ecosystemContractSchema = contractSchema(
  'ecosystem-contract',
  'Public boundaries and active data transfers',
  {
    public_boundaries: {
      type: 'object',
      required: ['public', 'never_exposed', 'access'],
      properties: {
        public: {
          type: 'array',
          items: {
            type: 'object',
            required: ['prefix', 'description'],
            properties: {
              prefix: { type: 'string', pattern: '^/' },
              description: { type: 'string' },
            },
          },
        },
        never_exposed: { type: 'array', minItems: 1, items: { type: 'string' } },
        access: { type: 'string' },
      },
    },
    data_transfers: {
      type: 'object',
      required: ['inbound', 'outbound'],
      properties: {
        inbound: { type: 'array', items: inbound },
        outbound: { type: 'array' },
        outbound_note: { type: 'string' },
      },
    },
    usage_rules: strings,
  },
  ['public_boundaries', 'data_transfers', 'usage_rules'],
);

const described = (status: string) => ({
  type: 'object',
  required: ['id', 'status', 'description'],
  properties: {
    id: { type: 'string' },
    status: { const: status },
    url: uri,
    description: { type: 'string' },
  },
});

export const platformExchangeContractSchema = contractSchema(
  'platform-exchange-contract',
  'Two-way exchange: connections, candidates, back-port patterns',
  {
    active_connections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'direction', 'origin_url', 'mode', 'status'],
        properties: {
          id: { type: 'string' },
          direction: { enum: ['inbound', 'outbound'] },
          origin_url: uri,
          mode: { type: 'string' },
          status: { const: 'active' },
        },
      },
    },
    adoption_candidates: { type: 'array', items: described('candidate') },
    back_port_patterns: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'description'],
        properties: { id: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
  ['active_connections', 'adoption_candidates', 'back_port_patterns'],
);

export type EcosystemContract = FromSchema<typeof ecosystemContractSchema>;
