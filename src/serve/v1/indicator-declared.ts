// What an indicator's declaration (sources/datasets/) says beyond its metrics row, as the v1
// indicator states it: how its periods are to be read (a flow over the period, a stock at an
// instant, a total from 1 January never to be added up), a price index's base, the unit in each
// language, and the indicators of other sources that measure the same concept with how they differ
// (docs/interface.md §10.2: no two numbers for one place and period without saying why). Read from
// the indicator's entity, which holds its whole declaration.
import type { LoadedRelease } from '../releases/release-types.js';
import { storeOf } from '../../store/reader.js';
import { idSegment } from './envelope.js';
import { INDEX_BASE_KINDS } from '../../lib/index-bases.js';

const names = { $ref: 'Names#' } as const;

export const DECLARED_PROPERTIES = {
  period_kind: { enum: ['interval', 'instant', 'cumulative'] },
  base: {
    type: 'object',
    required: ['kind', 'name'],
    properties: {
      kind: { enum: INDEX_BASE_KINDS },
      year: { type: 'integer' },
      name: names,
    },
  },
  unit_name: names,
  same_concept: {
    type: 'array',
    items: {
      type: 'object',
      required: ['indicator', 'difference', 'link'],
      properties: {
        indicator: { type: 'string' },
        difference: { type: 'string' },
        link: { type: 'string' },
      },
    },
  },
} as const;

interface Declared {
  period_kind?: string;
  base?: object;
  unit_name?: object;
  same_concept?: { indicator: string; difference: string }[];
}

export function declaredOf(
  release: LoadedRelease,
  metric: string,
  prefix: string,
): Record<string, unknown> {
  const row = storeOf(release).entities.get(`indicator:${metric}`);
  if (!row) return {};
  const d = JSON.parse(row.data) as Declared;
  return {
    ...(d.period_kind === undefined ? {} : { period_kind: d.period_kind }),
    ...(d.base === undefined ? {} : { base: d.base }),
    ...(d.unit_name === undefined ? {} : { unit_name: d.unit_name }),
    ...(d.same_concept === undefined
      ? {}
      : {
          same_concept: d.same_concept.map((s) => ({
            indicator: `indicator:${s.indicator}`,
            difference: s.difference,
            link: `${prefix}/indicators/${idSegment(`indicator:${s.indicator}`)}`,
          })),
        }),
  };
}
