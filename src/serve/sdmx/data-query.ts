// The observations a data query selects, read from the release's store in series order (breakdown
// series, place, then time) and put in SDMX terms: dimension values (FREQ the observation's own,
// periods.ts), OBS_VALUE (none for a missing value, never 0) and the attributes.
// A whole dataflow is answered: its points are read and made into observations in batches of about
// OBSERVATIONS_PER_TURN, the event loop turning between them (yieldTurn), so an answer of any size
// costs each turn a bounded amount of work and other requests are answered meanwhile. An answer
// holds at most MAX_OBSERVATIONS (413, SDMX 510, beyond), which bounds the memory one answer takes.
import type { PointRow } from '../../store/rollup.js';
import type { StoreReader } from '../../store/reader.js';
import { SdmxError } from './errors.js';
import type { KeySelection } from './keys.js';
import { freqOfPoint, periodDates, sdmxTime } from './periods.js';
import {
  STATUS_OF,
  TIME_DIMENSION,
  areaCodeOf,
  placeOfAreaCode,
  unitParts,
  type Dataflow,
  type FlowSeries,
} from './structures.js';

/** Points read and made into observations per event-loop turn. */
export const OBSERVATIONS_PER_TURN = 500;
/**
 * The most observations one answer holds: every dataflow of the real release answers whole (the
 * largest, life_expectancy, has 3,510), and an answer at the bound holds a few megabytes.
 */
export const MAX_OBSERVATIONS = 50_000;

export interface Observation {
  /** Every dimension's value, TIME_PERIOD included, by concept id. */
  key: Readonly<Record<string, string>>;
  value: number | null;
  /** OBS_STATUS, UNIT_MEASURE, UNIT_MULT and, when they say something, COMMENT and PERIOD_LABEL. */
  attributes: Readonly<Record<string, string>>;
  /** The first and last day the value covers (ISO 8601 dates). */
  start: string;
  end: string;
}

export interface DataParams {
  startPeriod?: string;
  endPeriod?: string;
  firstNObservations?: number;
  lastNObservations?: number;
}

/** What a data query reads: the stored series, places, frequencies and periods its key and parameters name. */
export interface Selection {
  flow: Dataflow;
  series: readonly FlowSeries[];
  places: readonly string[] | undefined;
  freqs: readonly string[] | null;
  from: string | undefined;
  to: string | undefined;
  first: number | undefined;
  last: number | undefined;
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

const noResults = (flow: Dataflow) =>
  new SdmxError(
    'no_results',
    `no observations of dataflow ${flow.id} match the key and periods asked for`,
  );

/** The selection of a key and parameters: 400 (SDMX 140) for a malformed or reversed period, 404 when no series matches. */
export function selection(flow: Dataflow, key: KeySelection, params: DataParams): Selection {
  const start = bound('startPeriod', params.startPeriod);
  const end = bound('endPeriod', params.endPeriod);
  if (start && end && start.start > end.end)
    throw new SdmxError(
      'invalid_parameter',
      `startPeriod ${params.startPeriod} is after endPeriod ${params.endPeriod}`,
    );
  const [freqs, places, ...breakdowns] = key;
  // the stored series whose code on every breakdown position is one the key lists (any, where empty)
  const series = flow.series.filter((s) =>
    flow.breakdowns.every(
      (concept, i) => breakdowns[i] == null || breakdowns[i]!.includes(s.codes[concept]!),
    ),
  );
  if (!series.length) throw noResults(flow);
  return {
    flow,
    series,
    places: places?.map(placeOfAreaCode) ?? undefined,
    freqs: freqs ?? null,
    from: start?.start,
    to: end?.end,
    first: params.firstNObservations,
    last: params.lastNObservations,
  };
}

function observation(
  flow: Dataflow,
  codes: Readonly<Record<string, string>>,
  freq: string,
  p: PointRow,
): Observation {
  const time = sdmxTime(freq as never, p);
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
    key: { FREQ: freq, REF_AREA: areaCodeOf(p.place), ...codes, [TIME_DIMENSION]: time.time },
    value: p.value,
    attributes,
    start: p.period_start,
    end: p.period_end,
  };
}

function statusUnknown(status: string): never {
  throw new Error(`a point's status "${status}" has no OBS_STATUS code; add it to STATUS_OF`);
}

/** The observations of one stored series at one place (points in time order): each SDMX series (one per FREQ) cut to its first or last n. */
function placeObservations(sel: Selection, s: FlowSeries, points: PointRow[]): Observation[] {
  const byFreq = new Map<string, PointRow[]>();
  for (const p of points) {
    const freq = freqOfPoint(sel.flow.freq, p);
    if (sel.freqs && !sel.freqs.includes(freq)) continue;
    let list = byFreq.get(freq);
    if (!list) byFreq.set(freq, (list = []));
    list.push(p);
  }
  const out: Observation[] = [];
  for (const [freq, list] of byFreq) {
    let run = list;
    if (sel.first !== undefined) run = run.slice(0, sel.first);
    if (sel.last !== undefined) run = run.slice(Math.max(0, run.length - sel.last));
    for (const p of run) out.push(observation(sel.flow, s.codes, freq, p));
  }
  return out;
}

/** Lets the event loop turn (I/O and other requests) before the next batch of work. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The selected observations in batches, each holding whole series (every observation of a stored
 * series at a place), read OBSERVATIONS_PER_TURN points at a time with the event loop turning between
 * reads. 413 once more than MAX_OBSERVATIONS would be held.
 */
export async function* observationBatches(
  reader: StoreReader,
  sel: Selection,
): AsyncGenerator<Observation[]> {
  let held = 0;
  let batch: Observation[] = [];
  // a batch of at least OBSERVATIONS_PER_TURN is handed on, and the next read waits a turn
  const full = async function* () {
    if (batch.length < OBSERVATIONS_PER_TURN) return;
    held += batch.length;
    if (held > MAX_OBSERVATIONS) throw tooLarge();
    yield batch;
    batch = [];
    await yieldTurn();
  };
  for (const s of sel.series) {
    let place: string | null = null;
    let points: PointRow[] = [];
    const flushPlace = () => {
      if (points.length) batch.push(...placeObservations(sel, s, points));
      points = [];
    };
    for (let offset = 0; ; offset += OBSERVATIONS_PER_TURN) {
      const page = reader.observations.pointRows(
        { metric: [s.key], place: sel.places, from: sel.from, to: sel.to },
        OBSERVATIONS_PER_TURN,
        offset,
        'indicator',
      );
      for (const p of page) {
        if (p.place !== place) {
          flushPlace();
          place = p.place;
        }
        points.push(p);
      }
      if (page.length < OBSERVATIONS_PER_TURN) break;
      yield* full();
      await yieldTurn();
    }
    flushPlace();
    yield* full();
  }
  held += batch.length;
  if (held > MAX_OBSERVATIONS) throw tooLarge();
  if (batch.length) yield batch;
}

const tooLarge = () =>
  new SdmxError(
    'response_too_large',
    `the query selects more than ${MAX_OBSERVATIONS} observations; narrow the key (REF_AREA and any breakdown) or the periods (startPeriod, endPeriod)`,
  );

/** Every selected observation; 404 (SDMX 100) when there are none. */
export async function selectObservations(
  reader: StoreReader,
  sel: Selection,
): Promise<Observation[]> {
  const all: Observation[] = [];
  for await (const batch of observationBatches(reader, sel)) all.push(...batch);
  if (!all.length) throw noResults(sel.flow);
  return all;
}

/** The batches of a selection, the first read before any is used: 404 (SDMX 100) when there are none. */
export async function nonEmptyBatches(
  reader: StoreReader,
  sel: Selection,
): Promise<AsyncIterable<Observation[]>> {
  const it = observationBatches(reader, sel);
  const first = await it.next();
  if (first.done) throw noResults(sel.flow);
  return {
    async *[Symbol.asyncIterator]() {
      yield first.value;
      yield* it;
    },
  };
}
