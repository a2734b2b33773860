// Schemas of the statistical contracts: country pulse, official regional indicators, public
// observations, series datasets, region overview and analytics.
import { contractSchema, figure, isoDate, names, sourceRef } from './common.js';

const nullableFigure = { anyOf: [{ type: 'null' }, figure] };
const flatFigure = {
  type: 'object',
  required: ['value', 'null_reason', 'unit', 'period', 'period_start', 'period_end', 'status', 'source_id', 'source_revision'],
  properties: {
    value: { type: ['number', 'null'] }, null_reason: { type: ['string', 'null'] }, unit: { type: 'string', minLength: 1 },
    period: { type: 'string' }, period_start: isoDate, period_end: isoDate, status: { type: 'string' },
    source_id: { type: 'string' }, source_revision: { type: 'string' },
  },
  if: { properties: { value: { type: 'null' } } },
  then: { properties: { null_reason: { type: 'string', minLength: 1 } } },
};

export const statisticsSchemas = {
  'country-pulse': contractSchema('country-pulse', 'Country pulse: six national indicators, each with period and origin', {
    place: { const: 'KZ' },
    indicators: { type: 'array', minItems: 6, maxItems: 6, items: { allOf: [figure, { required: ['id', 'name'], properties: { id: { type: 'string' }, name: names } }] } },
  }, ['place', 'indicators']),
  'official-regional-indicators': contractSchema('official-regional-indicators', 'Official regional indicators: 20 regions with separate periods', {
    national: { type: 'object', additionalProperties: figure },
    regions: {
      type: 'array', minItems: 20, maxItems: 20,
      items: {
        type: 'object', required: ['id', 'iso', 'slug', 'name', 'population', 'labour_market', 'gross_regional_product'],
        properties: {
          id: { type: 'string', pattern: '^place:KZ-\\d{2}$' }, iso: { type: 'string', pattern: '^KZ-\\d{2}$' }, slug: { type: 'string', pattern: '^[a-z0-9-]+$' }, name: names,
          population: figure, gross_regional_product: figure,
          labour_market: { type: 'object', required: ['employed', 'unemployment_rate'], properties: { employed: figure, unemployment_rate: figure } },
        },
      },
    },
  }, ['national', 'regions']),
  'public-observations': contractSchema('public-observations', 'Public observations: flat, with period, source and content hash', {
    count: { type: 'integer', minimum: 0 },
    observations: { type: 'array', items: { allOf: [flatFigure, { required: ['id', 'indicator', 'place', 'content_hash'], properties: { content_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } } }] } },
  }, ['count', 'observations']),
  'series-dataset': contractSchema('series-dataset', 'Full series of one dataset', {
    dataset: { type: 'string' }, sources: { type: 'array', minItems: 1, items: sourceRef }, count: { type: 'integer' },
    points: { type: 'array', items: { allOf: [flatFigure, { required: ['metric', 'place'] }] } },
  }, ['dataset', 'sources', 'points']),
  'region-overview': contractSchema('region-overview', 'Summary profiles of the 20 regions and their districts', {
    region_count: { const: 20 },
    regions: { type: 'array', minItems: 20, maxItems: 20, items: { type: 'object', required: ['id', 'iso', 'slug', 'name', 'area_km2', 'population'], properties: { name: names, official_name: names, population: nullableFigure, area_km2: { type: 'number', exclusiveMinimum: 0 } } } },
    districts: { type: 'array', minItems: 1, items: { type: 'object', required: ['id', 'pcode', 'region_iso', 'name'], properties: { name: names } } },
  }, ['region_count', 'regions', 'districts', 'sources']),
  'region-analytics': contractSchema('region-analytics', 'Regional profile of one region', {
    region: { type: 'object', required: ['id', 'iso', 'slug', 'name', 'area_km2'], properties: { name: names } },
    latest: { type: 'object', additionalProperties: nullableFigure },
    series: { type: 'object', additionalProperties: { type: 'array', items: figure } },
  }, ['region', 'latest', 'series', 'districts', 'institutions', 'events']),
};
