// The JSON Schemas of a series answer's parts that the store writes at build and the server sends
// (src/store/series-answer.ts): a bucket as the answer shows it and a span of one unit. Declared here,
// below both, so that the answer's response schema (src/serve/timemachine/schemas.ts) and the types
// of the code that makes the parts come from the one declaration.
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;

export const UNIT_SPAN_SCHEMA = {
  type: 'object',
  properties: {
    unit: str,
    period_start: str,
    period_end: str,
    first_period: str,
    last_period: str,
  },
  required: ['unit', 'period_start', 'period_end', 'first_period', 'last_period'],
  additionalProperties: true,
} as const;

export const ANSWER_POINT_SCHEMA = {
  type: 'object',
  properties: {
    period: str,
    period_start: str,
    period_end: str,
    value: { type: ['number', 'null'] },
    null_reason: nstr,
    aggregation: nstr,
    from_count: { type: 'integer', minimum: 0 },
    from_periods: { type: 'array', items: str },
    unit: str,
    status: str,
    note: nstr,
  },
  required: [
    'period',
    'period_start',
    'period_end',
    'value',
    'null_reason',
    'aggregation',
    'from_count',
    'unit',
    'status',
    'note',
  ],
  additionalProperties: true,
} as const;
