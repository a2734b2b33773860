// SDMX-CSV 1.0.0 (the CSV format of SDMX 2.1 web services, sdmx-twg/sdmx-csv v1.0): a header row of
// component ids, then one row per observation: DATAFLOW (AGENCY:ID(VERSION)), every dimension in the
// data structure's order with TIME_PERIOD, OBS_VALUE (empty for a missing value, never 0), and the
// attributes. RFC 4180 quoting by csv-stringify.
import { stringify } from 'csv-stringify/sync';
import type { Observation } from './data-query.js';
import {
  attributesShown,
  dimensionIds,
  valueText,
  withObservations,
  type Shape,
} from './data-shape.js';
import { AGENCY, PRIMARY_MEASURE, VERSION } from './structures.js';

export const SDMX_CSV_MEDIA_TYPE = 'application/vnd.sdmx.data+csv; version=1.0.0; charset=utf-8';

export function sdmxCsv(shape: Shape, observations: readonly Observation[]): string {
  const dims = dimensionIds(shape.flow);
  const attributes =
    shape.detail === 'dataonly' ? [] : shape.flow.structure.attributes.map((a) => a.id);
  const flowRef = `${AGENCY}:${shape.flow.id}(${VERSION})`;
  const rows: string[][] = [['DATAFLOW', ...dims, PRIMARY_MEASURE, ...attributes]];
  // serieskeysonly and nodata: one row per series, its key only (the time and value cells empty)
  const seen = new Set<string>();
  for (const o of observations) {
    if (withObservations(shape.detail)) {
      const shown: Record<string, string> = attributesShown(shape.detail, o);
      rows.push([
        flowRef,
        ...dims.map((d) => o.key[d]!),
        o.value === null ? '' : valueText(o.value),
        ...attributes.map((a) => shown[a] ?? ''),
      ]);
      continue;
    }
    const key = dims.slice(0, -1).map((d) => o.key[d]!);
    if (seen.has(key.join('\u0000'))) continue;
    seen.add(key.join('\u0000'));
    rows.push([flowRef, ...key, '', '', ...attributes.map(() => '')]);
  }
  return stringify(rows, { record_delimiter: '\r\n' });
}
