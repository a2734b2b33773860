// GET /api/timemachine/snapshot?date&layers&place&include (docs/interface.md §4.3): for each metric of the chosen
// layers and each place, the latest point whose period ends on or before the date, with that period,
// its unit, status and note.
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import type { PointRow } from '../../store/rollup.js';
import { storeOf } from '../../store/reader.js';
import { RawJson, answerBytes, answerParts, type WithRawJson } from '../answers/raw-json.js';
import { CompressedAnswer } from '../answers/compressed.js';
import { CachedAnswer } from '../answers/cache.js';
import { DEFAULT_CACHE_CONTROL } from '../answers/route-made.js';
import { asOfDate, parsePlaces, type SnapshotQuery } from './query.js';
import { metricsJson, namesJson } from './snapshot-json.js';
import type { TemporalSnapshot } from './schemas.js';
import { dimensionFilter, hasDimensionFilter, seriesKeysOf } from '../dimensions/filters.js';
import { answerDimensions, seriesColumns } from '../dimensions/csv-columns.js';
import { csvCell, type CsvRecords } from '../answers/csv.js';
import { csvField } from '../../lib/csv.js';
import { pointRow, type Tuple } from '../../store/snapshot-blocks.js';
import { columnsOf } from '../../store/tables.js';

// the columns of a point, in the store's order (which is the JSON answer's)
const POINT_COLUMNS = columnsOf('points');

export type { PointRow } from '../../store/rollup.js';

export function layerIds(release: LoadedRelease): string[] {
  return storeOf(release).layers.map((l) => l.id);
}

export function parseLayers(release: LoadedRelease, param: string | undefined): string[] {
  const valid = layerIds(release);
  if (param === undefined) return valid;
  const asked = [...new Set(param.split(',').map((s) => s.trim()))];
  const unknown = asked.filter((id) => !valid.includes(id));
  if (unknown.length) {
    throw new ProblemError(
      'unknown_layer',
      `unknown layer(s) ${unknown.map((u) => JSON.stringify(u)).join(', ')}; valid layers: ${valid.join(', ')}`,
      {
        unknown_layers: unknown,
        valid_layers: valid,
      },
    );
  }
  return asked.sort();
}

// Each point's "place" key as the snapshot's JSON writes it (src/store/snapshot-blocks-json.ts), found
// in the bytes: a key of the array's objects cannot be confused with text inside a string value,
// where every quote is escaped. Parsing the whole array (about 1 MB over every layer) into objects,
// or even decoding it into one string, only to read one field per point cost most of an answer.
const PLACE_KEY = Buffer.from('"place":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when the quote at `at` is escaped: an odd run of backslashes before it. */
function escaped(bytes: Buffer, at: number): boolean {
  let run = 0;
  while (bytes[at - 1 - run] === BACKSLASH) run++;
  return run % 2 === 1;
}

function placesIn(points: Buffer): Set<string> {
  const places = new Set<string>();
  for (let at = points.indexOf(PLACE_KEY); at >= 0; at = points.indexOf(PLACE_KEY, at)) {
    const start = at + PLACE_KEY.length - 1; // the value's opening quote
    let end = points.indexOf(QUOTE, start + 1);
    while (end > 0 && escaped(points, end)) end = points.indexOf(QUOTE, end + 1);
    places.add(JSON.parse(points.toString('utf8', start, end + 1)) as string);
    at = end + 1;
  }
  return places;
}

/**
 * The answer, given to `use`: its points' bytes are valid only during that call (they may lie in a
 * buffer the next snapshot reuses), so an answer made and sent at once is copied once, into its body.
 */
/** What the query asks: layers, places, date and the series keys a dimension filter chooses (null: every one). */
function asked(release: LoadedRelease, query: SnapshotQuery) {
  const layers = parseLayers(release, query.layers);
  const places = parsePlaces(release, query.place);
  const date = query.date ?? asOfDate(release);
  // without a dimension filter every series of the layers (a breakdown is a series of its own);
  // with one, the series of indicators with those dimensions at the codes asked, totals elsewhere
  const filter = dimensionFilter(query);
  const only = hasDimensionFilter(filter) ? new Set(seriesKeysOf(release, null, filter)) : null;
  const series = storeOf(release).metrics.filter(
    (m) => layers.includes(m.layer) && (only === null || only.has(m.id)),
  );
  return { layers, places, date, only, series };
}

/**
 * The points of the snapshot at `date` of the given series only (an indicator's breakdowns), over
 * the given places (null: every one), as rows: the latest point of each series and place whose
 * period ends on or before the date (the MCP snapshot tool's).
 */
export function snapshotRowsOf(
  release: LoadedRelease,
  date: string,
  series: readonly string[],
  places: readonly string[] | null,
): PointRow[] {
  const reader = storeOf(release);
  const layers = [
    ...new Set(series.flatMap((key) => reader.metricById.get(key)?.layer ?? [])),
  ].sort();
  return reader.snapshots.latestRowsAt(date, layers, places, new Set(series));
}

// A snapshot's CSV record is the store's point columns: the series' metric and place, the fields of
// its tuple before the value, the value, and the fields after it.
const VALUE_AT = POINT_COLUMNS.indexOf('value');
if (POINT_COLUMNS[0] !== 'metric' || POINT_COLUMNS[1] !== 'place' || VALUE_AT < 2)
  throw new Error(`the snapshot CSV cannot write the store's points as ${POINT_COLUMNS.join()}`);

/** The fields of `columns` of a row as CSV cells, as every CSV answer writes them. */
const cells = (row: Record<string, unknown>, columns: readonly string[]) =>
  columns.map((c) => csvCell(row[c])).join(',');

/**
 * The CSV of the answer: its points' records, without the rest of it, then the indicator and
 * dimension codes of each point's series (src/serve/dimensions/csv-columns.ts), the dimension
 * columns those of every series the answer covers, so the columns do not depend on which of them
 * have a point. Written record by record: the points share a few hundred tuples of fields (period,
 * unit, status, source, note), whose text is made once per answer, where a row object per point and
 * a cell per field were most of the answer's CPU (about 20,000 points over every layer).
 */
export function snapshotCsv(release: LoadedRelease, query: SnapshotQuery): CsvRecords {
  const { layers, places, date, only, series } = asked(release, query);
  const trailing = seriesColumns(
    release,
    answerDimensions(
      release,
      series.map((m) => m.id),
    ),
    (row) => row['metric'] as string,
  );
  const metricText = new Map<string, string>(); // each cell's text made once per answer
  const placeText = new Map<string, string>();
  const tupleText = new Map<Tuple, [string, string]>(); // the cells before the value, and after it
  let records = '';
  storeOf(release).snapshots.eachLatestAt(date, layers, places, only, (metric, place, f, value) => {
    let m = metricText.get(metric);
    if (m === undefined) metricText.set(metric, (m = csvField(metric)));
    let p = placeText.get(place);
    if (p === undefined) placeText.set(place, (p = csvField(place)));
    let t = tupleText.get(f);
    if (t === undefined) {
      const row = pointRow(metric, place, f, NaN);
      tupleText.set(
        f,
        (t = [
          cells(row, POINT_COLUMNS.slice(2, VALUE_AT)),
          cells(row, POINT_COLUMNS.slice(VALUE_AT + 1)),
        ]),
      );
    }
    const v = Number.isNaN(value) ? '' : String(value);
    records += `${m},${p},${t[0]},${v},${t[1]},${trailing.cellsOf({ metric })}\r\n`;
  });
  return { columns: [...POINT_COLUMNS, ...trailing.names], records };
}

/** The answer as made: its points, metrics and names the JSON bytes its body copies. */
type SnapshotAnswer = Omit<WithRawJson<TemporalSnapshot>, 'names'> & { names?: RawJson };

function withSnapshot<T>(
  release: LoadedRelease,
  query: SnapshotQuery,
  use: (answer: SnapshotAnswer) => T,
): T {
  const reader = storeOf(release);
  const { layers, places, date, only, series } = asked(release, query);
  return reader.snapshots.withLatestAt(
    date,
    layers,
    places,
    (count, points) =>
      use({
        revision: release.revision,
        date,
        date_source: query.date === undefined ? 'release_as_of' : 'query',
        layers,
        places,
        metrics: metricsJson(release, series),
        count,
        points: new RawJson(points),
        ...(query.include === 'names'
          ? {
              names: namesJson(
                release,
                placesIn(points),
                series.map((m) => m.id),
              ),
            }
          : {}),
        note: 'Each point is the latest one whose period ends on or before `date`; a null value was not published (never zero). Each point carries its own unit, status and note; its metric is a series, whose indicator and dimension codes `metrics` gives.',
      }),
    only,
  );
}

// The body of the last compressed answer, reused: an answer over every layer is about 1 MB at 30M
// points, and a fresh buffer of that size per answer cost as much again in page faults and in the
// garbage collections its external memory triggered.
let scratch = Buffer.alloc(0);

function joined(parts: readonly Buffer[]): Buffer {
  const bytes = parts.reduce((n, p) => n + p.length, 0);
  if (bytes > scratch.length) scratch = Buffer.allocUnsafe(Math.max(bytes, scratch.length * 2));
  let o = 0;
  for (const p of parts) o += p.copy(scratch, o);
  return scratch.subarray(0, o);
}

/**
 * The JSON answer, its body joined from the block's bytes and the release's entries of `metrics` and
 * `names` without serialising them again. For a client that accepts compression it is kept only
 * compressed (src/serve/answers/compressed.ts); otherwise its identity bytes are kept, which a
 * client without compression is sent as they are on every repeat.
 */
export function snapshotAnswer(
  release: LoadedRelease,
  query: SnapshotQuery,
  compressed: boolean,
): CompressedAnswer | CachedAnswer {
  return withSnapshot(release, query, (answer) =>
    compressed
      ? new CompressedAnswer(joined(answerParts(answer)))
      : // a body of its own: the answer cache keeps it, and the next answer reuses the joined buffer
        new CachedAnswer(
          answerBytes(answer),
          'application/json; charset=utf-8',
          DEFAULT_CACHE_CONTROL,
        ),
  );
}
