// Synthetic rows of the scaled benchmark release: daily points (~250 places x 17 metrics x 20 years at
// full size, with gaps and nulls), events, and the searchable entities of ./entities.ts. All generated
// and labelled synthetic (status, source, layer, meta.kind): never data to publish.
import type { StoreContent, StoreStream } from '../../src/publish/store.js';
import { SYNTHETIC_KIND } from '../../src/store/open.js';
import { addDays } from '../../src/store/periods.js';
import type { Row } from '../../src/store/tables.js';
import { syntheticEntityNameRows, syntheticEntityRows } from './entities.js';
import { rng } from './random.js';

export const FIRST_DAY = '2005-01-01';
export const DAYS = 7305; // 2005-01-01 .. 2024-12-31
export const METRICS = 17;
const AGGREGATIONS = ['sum', 'mean', 'last'] as const;
const GAP_RATE = 0.03; // days with no point at all
const NULL_RATE = 0.01; // points published without a value

export interface ScaleOptions {
  points: number; events: number; entities: number;
  /** Days between points (1: daily). A larger step keeps ~250 places and 20 years with fewer points. */
  dayStep?: number;
}

/** The scale the engine's targets are set at: 30M points, 1M events, 1M entities. */
export const FULL: ScaleOptions = { points: 30_000_000, events: 1_000_000, entities: 1_000_000 };

export const metricId = (m: number) => `syn_m${String(m + 1).padStart(2, '0')}`;
export const placeId = (p: number) => `SYN-${String(p + 1).padStart(3, '0')}`;

// One long outage per series, of OUTAGE_MIN up to OUTAGE_MIN + OUTAGE_SPAN - 1 sampled days.
const OUTAGE_MIN = 20;
const OUTAGE_SPAN = 70;

/**
 * Places for at least `points` points over 17 metrics x 20 years with the gaps: to spare, half the
 * outages' spread and three standard deviations of the scattered gaps per series (at least 1%), so
 * that series short of their share are made up by the others (see points()).
 */
export function placeCount(points: number, dayStep = 1): number {
  const perSeries = Math.max(1, (Math.ceil(DAYS / dayStep) - OUTAGE_MIN - (OUTAGE_SPAN - 1) / 2) * (1 - GAP_RATE));
  const spare = Math.max(0.01, (OUTAGE_SPAN / 2 + 3 * Math.sqrt(perSeries * GAP_RATE)) / perSeries);
  return Math.max(1, Math.ceil((points / (METRICS * perSeries)) * (1 + spare)));
}

/**
 * Exactly `total` points: series k of S (in metric, place order) ends with round(total * (k + 1) / S)
 * points generated in all; its surplus days are dropped evenly through its 20 years (so every series
 * still spans them all), and a series short of its share leaves the rest to the next ones.
 */
function* points(places: number, dayStep: number, total: number): Generator<Row<'points'>> {
  const series = METRICS * places;
  const days = Array.from({ length: DAYS }, (_, d) => addDays(FIRST_DAY, d));
  let made = 0;
  for (let m = 0; m < METRICS; m++) {
    const metric = metricId(m);
    for (let p = 0; p < places; p++) {
      const r = rng(m * 100_003 + p);
      const place = placeId(p);
      const outageStart = Math.floor(r() * DAYS);
      const outageEnd = outageStart + (OUTAGE_MIN + Math.floor(r() * OUTAGE_SPAN)) * dayStep;
      let level = 100 + r() * 900;
      const natural: Row<'points'>[] = [];
      for (let d = 0; d < DAYS; d += dayStep) {
        if ((d >= outageStart && d < outageEnd) || r() < GAP_RATE) continue;
        level = Math.max(0, level + (r() - 0.5) * 20);
        const day = days[d]!;
        const isNull = r() < NULL_RATE;
        natural.push({
          metric, place, period: day, period_start: day, period_end: day,
          value: isNull ? null : m % 3 === 0 ? Math.round(level) : Math.round(level * 100) / 100,
          null_reason: isNull ? 'synthetic: value withheld to exercise nulls' : null,
          status: 'synthetic', unit: m % 3 === 0 ? 'count' : 'index', source_id: 'synthetic-benchmark', note: null,
        });
      }
      const k = m * places + p;
      const keep = Math.min(natural.length, Math.round((total * (k + 1)) / series) - made);
      // keep `keep` of the natural points, spread evenly: point i is kept when the running quota grows
      for (let i = 0; i < natural.length; i++) {
        if (Math.floor(((i + 1) * keep) / natural.length) > Math.floor((i * keep) / natural.length)) yield natural[i]!;
      }
      made += keep;
    }
  }
  if (made !== total) throw new Error(`synthetic points: generated ${made}, asked for ${total} (placeCount leaves too little room)`);
}

function* events(count: number, places: number): Generator<Row<'events'>> {
  const r = rng(0xe7e7);
  const width = String(count).length;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(width, '0');
    yield {
      id: `event:syn-${n}`, date: addDays(FIRST_DAY, Math.floor(r() * DAYS)), kind: 'synthetic', place: placeId(Math.floor(r() * places)),
      title_en: `Synthetic event ${n}`, title_ru: `Синтетическое событие ${n}`, title_kk: `Синтетикалық оқиға ${n}`,
      source_url: 'urn:dala:synthetic-benchmark', review_status: 'synthetic',
    };
  }
}

function* concat<T>(...lists: Iterable<T>[]): Generator<T> {
  for (const list of lists) yield* list;
}

/** The real release's rows plus the synthetic ones, with meta saying so. */
export function scaledRows(real: StoreContent, opts: ScaleOptions): StoreStream {
  const step = opts.dayStep ?? 1;
  const places = placeCount(opts.points, step);
  const provenance = `SYNTHETIC BENCHMARK: ${places} places x ${METRICS} metrics x ${DAYS} days, a point every ${step} day(s) (${opts.points} points), ${opts.events} events and ${opts.entities} entities generated by bench/scale/ with a fixed seed; the real release's rows are kept beside them. Not data.`;
  return {
    ...real,
    meta: { ...real.meta, kind: SYNTHETIC_KIND, provenance },
    layers: [...real.layers, { id: 'synthetic', title_en: 'Synthetic (benchmark)', title_ru: 'Синтетика (тест)', title_kk: 'Синтетика (тест)', description: provenance }],
    metrics: [
      ...real.metrics,
      ...Array.from({ length: METRICS }, (_, m) => ({
        id: metricId(m), layer: 'synthetic', name_en: `Synthetic metric ${m + 1}`, name_ru: `Синтетический показатель ${m + 1}`, name_kk: `Синтетикалық көрсеткіш ${m + 1}`,
        unit: m % 3 === 0 ? 'count' : 'index', frequency: 'daily', aggregation: AGGREGATIONS[m % 3]!, source_id: 'synthetic-benchmark', notes: provenance,
      })),
    ],
    points: concat(real.points, { [Symbol.iterator]: () => points(places, step, opts.points) }),
    events: concat(real.events, { [Symbol.iterator]: () => events(opts.events, places) }),
    entities: concat(real.entities, { [Symbol.iterator]: () => syntheticEntityRows(opts.entities) }),
    entity_names: concat(real.entity_names, { [Symbol.iterator]: () => syntheticEntityNameRows(opts.entities) }),
  };
}
