// SDMX-CSV 1.0.0 (the CSV format of SDMX 2.1 web services, sdmx-twg/sdmx-csv v1.0): a header row of
// component ids, then one row per observation: DATAFLOW (AGENCY:ID(VERSION)), every dimension in the
// data structure's order with TIME_PERIOD, OBS_VALUE (empty for a missing value, never 0), and the
// attributes. RFC 4180 text by the project's one CSV writer (src/lib/csv.ts).
// The media type's parameters (SDMX-CSV field guide, "Optional parameters"): labels=both writes each
// header as "ID: name" and each coded value as "code: name" (the dataflow as "DALA:id(1.0): name"),
// names in English; timeFormat=normalized writes TIME_PERIOD as the ISO 8601 date its period starts
// on (2024-Q2 as 2024-04-01, 2024-01-01/P9M as 2024-01-01), so periods of any frequency sort and
// pivot together.
import { csvLine } from '../../lib/csv.js';
import type { Observation } from './data-query.js';
import {
  attributesShown,
  dimensionIds,
  valueText,
  withObservations,
  type DataWriter,
  type Shape,
} from './data-shape.js';
import {
  AGENCY,
  PRIMARY_MEASURE,
  TIME_DIMENSION,
  VERSION,
  type SdmxStructures,
} from './structures.js';

export interface CsvOptions {
  labels: 'id' | 'both';
  timeFormat: 'original' | 'normalized';
}

export function sdmxCsvWriter(
  shape: Shape,
  structures: SdmxStructures,
  opts: CsvOptions,
): DataWriter {
  const dims = dimensionIds(shape.flow);
  const attributes =
    shape.detail === 'dataonly' ? [] : shape.flow.structure.attributes.map((a) => a.id);
  const components = [...dims, PRIMARY_MEASURE, ...attributes];
  const both = opts.labels === 'both';
  const conceptName = new Map(structures.concepts.map((c) => [c.id, c.name.en ?? c.id]));
  const codelistOf = new Map<string, string>();
  for (const d of shape.flow.structure.dimensions) codelistOf.set(d.id, d.codelist);
  for (const a of shape.flow.structure.attributes) if (a.codelist) codelistOf.set(a.id, a.codelist);
  const codeNames = new Map(
    structures.codelists.map((l) => [l.id, new Map(l.codes.map((c) => [c.id, c.name.en]))]),
  );
  const cellOf = (component: string, value: string): string => {
    if (value === '' || !both) return value;
    const name = codeNames.get(codelistOf.get(component) ?? '')?.get(value);
    return name ? `${value}: ${name}` : value;
  };
  const flowRef = `${AGENCY}:${shape.flow.id}(${VERSION})`;
  const flowCell = both && shape.flow.name.en ? `${flowRef}: ${shape.flow.name.en}` : flowRef;
  // serieskeysonly and nodata: one row per series, its key only (the time and value cells empty)
  const seen = new Set<string>();
  return {
    start() {
      const header = components.map((c) => (both ? `${c}: ${conceptName.get(c) ?? c}` : c));
      return `${csvLine(['DATAFLOW', ...header])}\r\n`;
    },
    write(observations: readonly Observation[]) {
      let text = '';
      for (const o of observations) {
        if (withObservations(shape.detail)) {
          const shown: Record<string, string> = attributesShown(shape.detail, o);
          const cells = [
            flowCell,
            ...dims.map((d) =>
              d === TIME_DIMENSION && opts.timeFormat === 'normalized'
                ? o.start
                : cellOf(d, o.key[d]!),
            ),
            o.value === null ? '' : valueText(o.value),
            ...attributes.map((a) => cellOf(a, shown[a] ?? '')),
          ];
          text += `${csvLine(cells)}\r\n`;
          continue;
        }
        const key = dims.slice(0, -1).map((d) => o.key[d]!);
        const id = key.join('\u0000');
        if (seen.has(id)) continue;
        seen.add(id);
        const cells = [
          flowCell,
          ...key.map((v, i) => cellOf(dims[i]!, v)),
          '',
          '',
          ...attributes.map(() => ''),
        ];
        text += `${csvLine(cells)}\r\n`;
      }
      return text;
    },
    end: () => '',
  };
}
