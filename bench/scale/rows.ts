// Synthetic rows of the scaled benchmark release: daily points (~240 places x 18 series x 20 years at
// full size, with gaps and nulls; a third of the series are breakdowns by sex, urban/rural and age,
// ./indicators.ts), events, and the searchable entities of ./entities.ts. All generated and labelled
// synthetic (status, source, layer, meta.kind): never data to publish.
import type { StoreContent, StoreStream } from '../../src/publish/store/write.js';
import { SYNTHETIC_KIND } from '../../src/store/open.js';
import { addDays } from '../../src/store/periods.js';
import type { Row } from '../../src/store/tables.js';
import { syntheticEntityNameRows, syntheticEntityRows } from './entities.js';
import { SYNTHETIC_SERIES, syntheticSeriesRows, unitOf } from './indicators.js';
import { rng } from './random.js';

export const FIRST_DAY = '2005-01-01';
export const DAYS = 7305; // 2005-01-01 .. 2024-12-31
/** Series per place: each synthetic indicator's all-totals series and its breakdowns. */
export const SERIES = SYNTHETIC_SERIES.length;
const GAP_RATE = 0.03; // days with no point at all
const NULL_RATE = 0.01; // points published without a value

export interface ScaleOptions {
  points: number;
  events: number;
  entities: number;
  /** Days between points (1: daily). A larger step keeps ~250 places and 20 years with fewer points. */
  dayStep?: number;
}

/** The scale the engine's targets are set at: 30M points, 1M events, 1M entities. */
export const FULL: ScaleOptions = { points: 30_000_000, events: 1_000_000, entities: 1_000_000 };

export const placeId = (p: number) => `SYN-${String(p + 1).padStart(3, '0')}`;

// One long outage per series, of OUTAGE_MIN up to OUTAGE_MIN + OUTAGE_SPAN - 1 sampled days.
const OUTAGE_MIN = 20;
const OUTAGE_SPAN = 70;

/**
 * Places for at least `points` points over SERIES series x 20 years with the gaps: to spare, half the
 * outages' spread and three standard deviations of the scattered gaps per series (at least 1%), so
 * that series short of their share are made up by the others (see points()).
 */
export function placeCount(points: number, dayStep = 1): number {
  const perSeries = Math.max(
    1,
    (Math.ceil(DAYS / dayStep) - OUTAGE_MIN - (OUTAGE_SPAN - 1) / 2) * (1 - GAP_RATE),
  );
  const spare = Math.max(0.01, (OUTAGE_SPAN / 2 + 3 * Math.sqrt(perSeries * GAP_RATE)) / perSeries);
  return Math.max(1, Math.ceil((points / (SERIES * perSeries)) * (1 + spare)));
}

/**
 * Exactly `total` points: series k of S (in series key, place order) ends with round(total * (k + 1) / S)
 * points generated in all; its surplus days are dropped evenly through its 20 years (so every series
 * still spans them all), and a series short of its share leaves the rest to the next ones.
 */
function* points(places: number, dayStep: number, total: number): Generator<Row<'points'>> {
  const series = SERIES * places;
  const days = Array.from({ length: DAYS }, (_, d) => addDays(FIRST_DAY, d));
  let made = 0;
  for (let m = 0; m < SERIES; m++) {
    const { key: metric, indicator } = SYNTHETIC_SERIES[m]!;
    const unit = unitOf(indicator);
    const whole = unit === 'count';
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
          metric,
          place,
          period: day,
          period_start: day,
          period_end: day,
          value: isNull ? null : whole ? Math.round(level) : Math.round(level * 100) / 100,
          null_reason: isNull ? 'synthetic: value withheld to exercise nulls' : null,
          status: 'synthetic',
          unit,
          source_id: 'synthetic-benchmark',
          note: null,
        });
      }
      const k = m * places + p;
      const keep = Math.min(natural.length, Math.round((total * (k + 1)) / series) - made);
      // keep `keep` of the natural points, spread evenly: point i is kept when the running quota grows
      for (let i = 0; i < natural.length; i++) {
        if (Math.floor(((i + 1) * keep) / natural.length) > Math.floor((i * keep) / natural.length))
          yield natural[i]!;
      }
      made += keep;
    }
  }
  if (made !== total)
    throw new Error(
      `synthetic points: generated ${made}, asked for ${total} (placeCount leaves too little room)`,
    );
}

function* events(count: number, places: number): Generator<Row<'events'>> {
  const r = rng(0xe7e7);
  const width = String(count).length;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(width, '0');
    yield {
      id: `event:syn-${n}`,
      date: addDays(FIRST_DAY, Math.floor(r() * DAYS)),
      kind: 'synthetic',
      place: placeId(Math.floor(r() * places)),
      title_en: `Synthetic event ${n}`,
      title_ru: `Синтетическое событие ${n}`,
      title_kk: `Синтетикалық оқиға ${n}`,
      source_url: 'urn:dala:synthetic-benchmark',
      review_status: 'synthetic',
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
  const provenance = `SYNTHETIC BENCHMARK: ${places} places x ${SERIES} series (a third of them breakdowns by sex, urban/rural and age) x ${DAYS} days, a point every ${step} day(s) (${opts.points} points), ${opts.events} events and ${opts.entities} entities generated by bench/scale/ with a fixed seed; the real release's rows are kept beside them. Not data.`;
  const synthetic = syntheticSeriesRows(provenance);
  return {
    ...real,
    meta: { ...real.meta, kind: SYNTHETIC_KIND, provenance },
    layers: [
      ...real.layers,
      {
        id: 'synthetic',
        title_en: 'Synthetic (benchmark)',
        title_ru: 'Синтетика (тест)',
        title_kk: 'Синтетика (тест)',
        description: provenance,
      },
    ],
    metrics: [...real.metrics, ...synthetic.metrics],
    series_dimensions: [...(real.series_dimensions ?? []), ...synthetic.series_dimensions],
    points: concat(real.points, { [Symbol.iterator]: () => points(places, step, opts.points) }),
    events: concat(real.events, { [Symbol.iterator]: () => events(opts.events, places) }),
    entities: concat(real.entities, {
      [Symbol.iterator]: () => syntheticEntityRows(opts.entities),
    }),
    entity_names: concat(real.entity_names, {
      [Symbol.iterator]: () => syntheticEntityNameRows(opts.entities),
    }),
  };
}
