// Data availability (SDMX 2.1 REST, "Data availability": /availableconstraint/{flowRef}/{key}/
// {providerRef}/{componentID}): an Actual ContentConstraint whose cube region lists, per dimension,
// the codes of the data a query selects (mode=exact) or the codes that remain valid choices given the
// query's other positions (mode=available), and the time range they cover; the number of
// observations is its obs_count annotation, as .Stat services write it. Computed from the series of
// the dataflow as the data query reads them (data-query.ts), batch by batch.
import type { StoreReader } from '../../store/reader.js';
import { SdmxError } from './errors.js';
import { observationBatches, type Selection } from './data-query.js';
import type { KeySelection } from './keys.js';
import { TIME_DIMENSION, type Dataflow } from './structures.js';

export const MODES = ['exact', 'available'] as const;
export type Mode = (typeof MODES)[number];

/** What a ContentConstraint states about a dataflow's data. */
export interface Availability {
  flow: Dataflow;
  /** Per dimension (in the structure's order), the codes available; TIME_PERIOD's range apart. */
  values: { id: string; codes: string[] }[];
  time: { start: string; end: string } | null;
  observations: number;
}

interface SeriesExtent {
  codes: string[]; // one per dimension of the structure
  start: string;
  end: string;
  observations: number;
}

/** The series of the whole dataflow within the periods: their codes and time extents. */
async function seriesExtents(reader: StoreReader, sel: Selection): Promise<SeriesExtent[]> {
  const dims = sel.flow.structure.dimensions.map((d) => d.id);
  const byKey = new Map<string, SeriesExtent>();
  for await (const batch of observationBatches(reader, sel)) {
    for (const o of batch) {
      const codes = dims.map((d) => o.key[d]!);
      const id = codes.join('\u0000');
      const { start, end } = o;
      const s = byKey.get(id);
      if (!s) byKey.set(id, { codes, start, end, observations: 1 });
      else {
        if (start < s.start) s.start = start;
        if (end > s.end) s.end = end;
        s.observations++;
      }
    }
  }
  return [...byKey.values()];
}

/**
 * The availability of the data a key selects: every series of the flow within the periods is read
 * (the key's breakdown and area positions are applied here, not by the read, so that mode=available
 * can relax each in turn). 404 (SDMX 100) when the key selects no data.
 */
export async function availabilityOf(
  reader: StoreReader,
  unkeyed: Selection,
  key: KeySelection,
  mode: Mode,
  component: string | undefined,
): Promise<Availability> {
  const flow = unkeyed.flow;
  const dims = flow.structure.dimensions.map((d) => d.id);
  if (component !== undefined && ![...dims, TIME_DIMENSION].includes(component))
    throw new SdmxError(
      'no_results',
      `${component} is not a dimension of ${flow.id}: ${[...dims, TIME_DIMENSION].join(', ')}`,
    );
  const all = await seriesExtents(reader, unkeyed);
  const matches = (s: SeriesExtent, except?: number) =>
    s.codes.every((c, i) => i === except || key[i] == null || key[i]!.includes(c));
  const selected = all.filter((s) => matches(s));
  if (!selected.length)
    throw new SdmxError(
      'no_results',
      `no data of dataflow ${flow.id} match the key and periods asked for`,
    );
  const values = dims
    .map((id, i) => {
      const from = mode === 'exact' ? selected : all.filter((s) => matches(s, i));
      return { id, codes: [...new Set(from.map((s) => s.codes[i]!))].sort() };
    })
    .filter((v) => component === undefined || v.id === component);
  const start = selected.reduce((m, s) => (s.start < m ? s.start : m), selected[0]!.start);
  const end = selected.reduce((m, s) => (s.end > m ? s.end : m), selected[0]!.end);
  return {
    flow,
    values,
    time: component === undefined || component === TIME_DIMENSION ? { start, end } : null,
    observations: selected.reduce((n, s) => n + s.observations, 0),
  };
}
