// The observations a data query selects, read from the release's store in series order (breakdown
// series, place, then time) and put in SDMX terms: dimension values, OBS_VALUE (none for a missing value, never 0) and
// the attributes. An answer reads at most MAX_OBSERVATIONS points: a larger one is refused with
// 413 (SDMX 510) before anything is written, so no request costs more than a bounded amount of work.
import type { PointRow } from '../../store/rollup.js';
import type { StoreReader } from '../../store/reader.js';
import { SdmxError } from './errors.js';
import type { KeySelection } from './keys.js';
import { periodDates, sdmxTime } from './periods.js';
import {
  STATUS_OF,
  TIME_DIMENSION,
  areaCodeOf,
  placeOfAreaCode,
  unitParts,
  type Dataflow,
} from './structures.js';

/**
 * The most points one data answer reads: the largest dataflow of the real release (about 1,100
 * points) answers whole in every format, and an answer at the cap stays near the 50 ms CPU budget
 * (bench/sdmx-cpu.bench.ts measures the per-observation cost).
 */
export const MAX_OBSERVATIONS = 1_500;

export interface Observation {
  /** Every dimension's value, TIME_PERIOD included, by concept id. */
  key: Readonly<Record<string, string>>;
  value: number | null;
  /** OBS_STATUS, UNIT_MEASURE, UNIT_MULT and, when they say something, COMMENT and PERIOD_LABEL. */
  attributes: Readonly<Record<string, string>>;
}

export interface DataParams {
  startPeriod?: string;
  endPeriod?: string;
  firstNObservations?: number;
  lastNObservations?: number;
}

function bound(
  name: 'startPeriod' | 'endPeriod',
  value: string | undefined,
): { start: string; end: string } | undefined {
  if (value === undefined) return undefined;
  const dates = periodDates(value);
  if (!dates)
    throw new SdmxError(
      'invalid_parameter',
      `${name} "${value}" is not an SDMX time period (2024, 2024-03, 2024-03-31, 2024-Q1, 2024-S1, 2024-M03, 2024-W05, 2024-D061 or a date-time)`,
    );
  return dates;
}

function observation(
  flow: Dataflow,
  codes: Readonly<Record<string, string>>,
  p: PointRow,
): Observation {
  const time = sdmxTime(flow.freq, p);
  const unit = unitParts(p.unit);
  const comment = [p.note, p.null_reason].filter(Boolean).join('; ');
  const attributes: Record<string, string> = {
    OBS_STATUS: p.value === null ? 'M' : (STATUS_OF[p.status] ?? statusUnknown(p.status)),
    UNIT_MEASURE: unit.measure,
    UNIT_MULT: unit.mult,
  };
  if (comment) attributes['COMMENT'] = comment;
  if (time.label) attributes['PERIOD_LABEL'] = time.label;
  return {
    key: { FREQ: flow.freq, REF_AREA: areaCodeOf(p.place), ...codes, [TIME_DIMENSION]: time.time },
    value: p.value,
    attributes,
  };
}

function statusUnknown(status: string): never {
  throw new Error(`a point's status "${status}" has no OBS_STATUS code; add it to STATUS_OF`);
}

/** Keeps the first or last n observations of each series (the points come grouped by series key and place, in time order). */
function perSeries(
  points: PointRow[],
  first: number | undefined,
  last: number | undefined,
): PointRow[] {
  if (first === undefined && last === undefined) return points;
  const out: PointRow[] = [];
  const same = (a: PointRow, b: PointRow) => a.metric === b.metric && a.place === b.place;
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j < points.length && same(points[j]!, points[i]!)) j++;
    let run = points.slice(i, j);
    if (first !== undefined) run = run.slice(0, first);
    if (last !== undefined) run = run.slice(Math.max(0, run.length - last));
    out.push(...run);
    i = j;
  }
  return out;
}

/** The observations of `flow` the key and parameters select; 404 (SDMX 100) when there are none. */
export function selectObservations(
  reader: StoreReader,
  flow: Dataflow,
  key: KeySelection,
  params: DataParams,
): Observation[] {
  const start = bound('startPeriod', params.startPeriod);
  const end = bound('endPeriod', params.endPeriod);
  const [freqs, places, ...breakdowns] = key;
  const none = () =>
    new SdmxError(
      'no_results',
      `no observations of dataflow ${flow.id} match the key and periods asked for`,
    );
  if (freqs && !freqs.includes(flow.freq)) throw none();
  // the stored series whose code on every breakdown position is one the key lists (any, where empty)
  const series = flow.series.filter((s) =>
    flow.breakdowns.every(
      (concept, i) => breakdowns[i] == null || breakdowns[i]!.includes(s.codes[concept]!),
    ),
  );
  if (!series.length) throw none();
  const codesOf = new Map(series.map((s) => [s.key, s.codes]));
  const points = reader.observations.pointRows(
    {
      metric: series.map((s) => s.key),
      place: places?.map(placeOfAreaCode) ?? undefined,
      from: start?.start,
      to: end?.end,
    },
    MAX_OBSERVATIONS + 1,
    0,
    'indicator',
  );
  if (points.length > MAX_OBSERVATIONS) {
    throw new SdmxError(
      'response_too_large',
      `the query selects more than ${MAX_OBSERVATIONS} observations; narrow the key (REF_AREA and any breakdown) or the periods (startPeriod, endPeriod)`,
    );
  }
  const chosen = perSeries(points, params.firstNObservations, params.lastNObservations);
  if (!chosen.length) throw none();
  return chosen.map((p) => observation(flow, codesOf.get(p.metric)!, p));
}
