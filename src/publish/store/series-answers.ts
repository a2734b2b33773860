// Writes series_answers and series_totals at build (src/store/tables.ts): for each (metric,
// granularity, place) of the rollups, the whole series' buckets as the series answer shows them,
// serialised once, with their summary; and for each (metric, granularity) the summary over every
// place. A series over every place and the whole range then concatenates stored text instead of
// building tens of thousands of objects per request. Each place's entry of the answer is deflated
// once (series_answers.part_*): an answer over one or several places is composed from those per
// request, and the answer's end over every place (series_totals.tail_*) is joined from them here
// without deflating its megabytes again. Read from the rollups already written (in key order, which
// is the answer's time order per place), so it depends only on the rollups' rows.
import type { Database } from 'better-sqlite3';
import {
  STORED_SERIES_GRANULARITIES,
  answerPoint,
  mergeSummaries,
  summarise,
  type SeriesSummary,
} from '../../store/series-answer.js';
import {
  SERIES_ENTRY_SEPARATOR,
  SERIES_TAIL_END,
  seriesEntry,
  seriesTailStart,
} from '../../store/series-body.js';
import type { Row } from '../../store/tables.js';
import { deflateJoined, deflatePart } from '../../lib/gzip-compose.js';

/** How many source points an encoded rollups.from_periods lists (src/store/rollup.ts#encodeFrom). */
export function countFrom(encoded: string): number {
  if (encoded.startsWith('j:')) return (JSON.parse(encoded.slice(2)) as unknown[]).length;
  let n = 0;
  for (let i = 2; i < encoded.length; i++) {
    let v = parseInt(encoded[i]!, 16);
    while (v) {
      n += v & 1;
      v >>= 1;
    }
  }
  return n;
}

interface Span {
  first_start: string;
  first_end: string;
  last_end: string;
}

function widen(a: Span | null, b: Span): Span {
  if (!a) return { ...b };
  return {
    first_start: b.first_start < a.first_start ? b.first_start : a.first_start,
    first_end: b.first_end < a.first_end ? b.first_end : a.first_end,
    last_end: b.last_end > a.last_end ? b.last_end : a.last_end,
  };
}

const summaryColumns = (s: SeriesSummary) => [
  s.count,
  JSON.stringify(s.sources),
  JSON.stringify(s.units),
  JSON.stringify(s.periods),
];

export function writeSeriesAnswers(db: Database): void {
  const insert =
    db.prepare(`INSERT INTO series_answers(metric, granularity, place, first_start, first_end, last_end, count, sources, units, periods,
    part_crc, part_bytes, part_sha256, part_deflated, points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTotal =
    db.prepare(`INSERT INTO series_totals(metric, granularity, first_start, first_end, last_end, count, sources, units, periods,
    tail_deflated, tail_crc, tail_bytes, tail_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // One metric at a time: a statement may not write while another iterates on the connection, and
  // one metric's rollups bound the memory.
  const read =
    db.prepare(`SELECT * FROM rollups WHERE metric = ? AND granularity IN (SELECT value FROM json_each(?))
    ORDER BY metric, granularity, place, period_start, period_end, period`);
  const metrics = db.prepare('SELECT id FROM metrics ORDER BY id').pluck().all() as string[];
  type Item = Row<'rollups'> & { from_count: number };
  let group: Item[] = [];
  let places: SeriesSummary[] = [];
  let entries: { text: Buffer; deflated: Buffer }[] = []; // each place's entry, for the answer's stored tail
  let span: Span | null = null;
  const flushPlace = () => {
    if (group.length === 0) return;
    const { metric, granularity, place } = group[0]!;
    let s: Span = {
      first_start: group[0]!.period_start,
      first_end: group[0]!.period_end,
      last_end: group[0]!.period_end,
    };
    for (const r of group)
      s = widen(s, {
        first_start: r.period_start,
        first_end: r.period_end,
        last_end: r.period_end,
      });
    const summary = summarise(group);
    const points = JSON.stringify(group.map((r) => answerPoint(r, r.from_count)));
    const entry = Buffer.from(seriesEntry(place, points));
    const part = deflatePart(entry, undefined, true);
    insert.run(
      metric,
      granularity,
      place,
      s.first_start,
      s.first_end,
      s.last_end,
      ...summaryColumns(summary),
      part.crc,
      part.bytes,
      part.sha256,
      part.deflated,
      points,
    );
    places.push(summary);
    entries.push({ text: entry, deflated: part.deflated });
    span = widen(span, s);
    group = [];
  };
  const flushGranularity = (metric: string, granularity: string) => {
    flushPlace();
    if (span) {
      const total = mergeSummaries(places);
      const separator = {
        text: Buffer.from(SERIES_ENTRY_SEPARATOR),
        deflated: deflatePart(Buffer.from(SERIES_ENTRY_SEPARATOR), undefined, true).deflated,
      };
      const tail = deflateJoined([
        {
          text: Buffer.from(
            seriesTailStart(
              total.periods.map((p) => p[0]),
              total.count,
            ),
          ),
        },
        ...entries.flatMap((e, i) => (i === 0 ? [e] : [separator, e])),
        { text: Buffer.from(SERIES_TAIL_END) },
      ]);
      insertTotal.run(
        metric,
        granularity,
        span.first_start,
        span.first_end,
        span.last_end,
        ...summaryColumns(total),
        tail.deflated,
        tail.crc,
        tail.bytes,
        tail.sha256,
      );
    }
    places = [];
    entries = [];
    span = null;
  };
  for (const metric of metrics) {
    let granularity: string | null = null;
    for (const r of read.all(
      metric,
      JSON.stringify(STORED_SERIES_GRANULARITIES),
    ) as Row<'rollups'>[]) {
      if (granularity !== null && r.granularity !== granularity)
        flushGranularity(metric, granularity);
      else if (group.length && group[0]!.place !== r.place) flushPlace();
      granularity = r.granularity;
      group.push({ ...r, from_count: countFrom(r.from_periods) });
    }
    if (granularity !== null) flushGranularity(metric, granularity);
  }
}
