// How a data message is shaped (SDMX 2.1 REST: dimensionAtObservation and detail): which dimension
// the observations are keyed by, and observations grouped into series by every other dimension.
import type { Observation } from './data-query.js';
import { TIME_DIMENSION, type Dataflow } from './structures.js';

export const DETAILS = ['full', 'dataonly', 'serieskeysonly', 'nodata'] as const;
export type Detail = (typeof DETAILS)[number];
export const ALL_DIMENSIONS = 'AllDimensions';

export interface Shape {
  flow: Dataflow;
  obsDimension: string;
  detail: Detail;
}

/**
 * A data message written batch by batch: `start` (the header), `write` for each batch of
 * observations (whole series: grouped here by the layout), `end`; each returns its text.
 */
export interface DataWriter {
  start(): string;
  write(observations: readonly Observation[]): string;
  end(): string;
}

export interface Series {
  key: [string, string][];
  observations: Observation[];
}

/** Every dimension of the flow's structure, TIME_PERIOD last. */
export const dimensionIds = (flow: Dataflow) => [
  ...flow.structure.dimensions.map((d) => d.id),
  TIME_DIMENSION,
];

/** The observations grouped by the series key (every dimension but the observation's), in first-seen order. */
export function seriesOf(shape: Shape, observations: readonly Observation[]): Series[] {
  const keyDims = dimensionIds(shape.flow).filter((d) => d !== shape.obsDimension);
  const groups = new Map<string, Series>();
  for (const o of observations) {
    const key = keyDims.map((d): [string, string] => [d, o.key[d]!]);
    const id = key.map((k) => k[1]).join('\u0000');
    let s = groups.get(id);
    if (!s) groups.set(id, (s = { key, observations: [] }));
    s.observations.push(o);
  }
  return [...groups.values()];
}

/** The SDMX text of an observation value: the shortest decimal that reads back the same double. */
export const valueText = (v: number) => String(v);

/** Attributes shown with this detail: none with dataonly (SDMX 2.1 REST: attributes and groups excluded). */
export const attributesShown = (detail: Detail, o: Observation) =>
  detail === 'dataonly' ? {} : o.attributes;

/** Whether observations are written at all (serieskeysonly and nodata write series without them). */
export const withObservations = (detail: Detail) => detail === 'full' || detail === 'dataonly';
