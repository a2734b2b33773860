// Schema of public-probe-registry.json: each probe names a path, its media type and the expected
// status with RFC 6901 JSON Pointer checks.
import { contractSchema } from './common.js';

const check = {
  type: 'object',
  required: ['pointer', 'op', 'value'],
  properties: {
    pointer: { type: 'string', pattern: '^(/.*)?$' },
    op: { enum: ['type', 'equals', 'length', 'one_of'] },
    value: { description: 'what the pointed value is checked against; its type depends on op' },
  },
  allOf: [
    {
      if: { properties: { op: { const: 'length' } } },
      then: { properties: { value: { type: 'integer', minimum: 0 } } },
    },
    {
      if: { properties: { op: { const: 'type' } } },
      then: {
        properties: { value: { enum: ['object', 'array', 'string', 'number', 'boolean', 'null'] } },
      },
    },
    {
      if: { properties: { op: { const: 'one_of' } } },
      then: { properties: { value: { type: 'array', minItems: 1 } } },
    },
  ],
} as const;

export const publicProbeRegistrySchema = contractSchema(
  'public-probe-registry',
  'Quick checks for the static contracts',
  {
    check_semantics: { type: 'string' },
    count: { type: 'integer', minimum: 0 },
    probes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'path', 'media_type', 'expect'],
        properties: {
          id: { type: 'string' },
          path: { type: 'string', pattern: '^/data/' },
          media_type: { enum: ['application/json', 'application/geo+json'] },
          expect: {
            type: 'object',
            required: ['status', 'checks'],
            properties: {
              status: { const: 200 },
              checks: { type: 'array', minItems: 1, items: check },
            },
          },
        },
      },
    },
  },
  ['count', 'probes'],
);
