// The snapshot's `metrics` and `names` (docs/interface.md §4.3) as JSON bytes joined from each
// series' and each name's entry, each entry made once per release. They depend only on the release
// and on which series and places the answer covers, yet JSON.stringify walked every series' object
// (about 8,400 over every layer, 0.8 MB of JSON, and as much again of names) on every answer: a
// quarter of the CPU of a snapshot over every layer. A sealed release never changes, so an entry
// made once stays true while the release is served; the WeakMap lets it go with the release, and
// its size is bounded by the release's series and places, whatever the queries.
import type { LoadedRelease } from '../releases/release-types.js';
import type { MetricRow } from '../../store/reader-sql.js';
import { RawJson } from '../answers/raw-json.js';
import { metricEntry, metricNames, placeNames } from './descriptions.js';

interface Entries {
  /** A series' object in `metrics`. */
  metric: Map<string, Buffer>;
  /** `"id":{names}` of a metric in `names.metrics`. */
  metricName: Map<string, Buffer>;
  /** `"code":{names}` of a place in `names.places`. */
  placeName: Map<string, Buffer>;
}

const entriesOf = new WeakMap<LoadedRelease, Entries>();

function entries(release: LoadedRelease): Entries {
  let e = entriesOf.get(release);
  if (!e)
    entriesOf.set(
      release,
      (e = { metric: new Map(), metricName: new Map(), placeName: new Map() }),
    );
  return e;
}

/** The entry of `key`, made by `make` the first time it is asked for. */
function kept(map: Map<string, Buffer>, key: string, make: () => string): Buffer {
  let b = map.get(key);
  if (b === undefined) map.set(key, (b = Buffer.from(make(), 'utf8')));
  return b;
}

const COMMA = Buffer.from(',');

function joined(open: string, parts: Buffer[], close: string): Buffer[] {
  const out: Buffer[] = [Buffer.from(open)];
  parts.forEach((p, i) => (i > 0 ? out.push(COMMA, p) : out.push(p)));
  out.push(Buffer.from(close));
  return out;
}

/** `metrics` of the answer: the bytes JSON.stringify gives for the series' entries in this order. */
export function metricsJson(release: LoadedRelease, series: readonly MetricRow[]): RawJson {
  const { metric } = entries(release);
  const parts = series.map((m) =>
    kept(metric, m.id, () => JSON.stringify(metricEntry(release, m))),
  );
  return new RawJson(Buffer.concat(joined('[', parts, ']')));
}

/** The member `"key":value` of an object, as JSON.stringify writes it. */
const member = (key: string, value: unknown) => `${JSON.stringify(key)}:${JSON.stringify(value)}`;

/**
 * `names` (include=names): the bytes JSON.stringify(namesOf(...)) gives, places and metrics each
 * once, in code order (no code is an integer-like key, which an object would have put first).
 */
export function namesJson(
  release: LoadedRelease,
  places: Iterable<string>,
  metrics: Iterable<string>,
): RawJson {
  const { metricName, placeName } = entries(release);
  const placeParts = [...new Set(places)]
    .sort()
    .map((code) => kept(placeName, code, () => member(code, placeNames(release, code))));
  const metricParts = [...new Set(metrics)]
    .sort()
    .map((id) => kept(metricName, id, () => member(id, metricNames(release, id))));
  return new RawJson(
    Buffer.concat([
      ...joined('{"places":{', placeParts, '},'),
      ...joined('"metrics":{', metricParts, '}}'),
    ]),
  );
}
