// What a figure draws from its lines: the time range chosen (a month at the finest), change since a
// base period as an index (base = 100, each line over its own value then), and the rows its CSV holds.
import { time } from './chart-scales';
import type { CsvRow } from './csv';
import type { Line, ValuePoint } from './lines';
import type { Shown } from './shown';

const DAY = 86_400_000;
const days = (p: { period_start: string; period_end: string }) =>
  (Date.parse(p.period_end) - Date.parse(p.period_start)) / DAY + 1;

export interface RangeStop {
  label: { year: number; month?: number };
  from: string; // first day
  to: string; // last day
}

/** The stops a time range is chosen from: years for annual values and longer, months otherwise. */
export function rangeStops(lines: Line[]): RangeStop[] {
  const pts = lines.flatMap((l) => l.points.filter((p) => p.published !== null));
  const monthly = pts.some((p) => days(p) < 360);
  const stops = new Map<string, RangeStop>();
  for (const p of pts) {
    const [y, m] = p.period_start.split('-').map(Number) as [number, number];
    const key = monthly ? p.period_start.slice(0, 7) : p.period_start.slice(0, 4);
    if (stops.has(key)) continue;
    const last = monthly ? new Date(Date.UTC(y, m, 0)) : new Date(Date.UTC(y, 11, 31));
    stops.set(key, {
      label: monthly ? { year: y, month: m } : { year: y },
      from: monthly ? `${key}-01` : `${key}-01-01`,
      to: last.toISOString().slice(0, 10),
    });
  }
  return [...stops.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/** The lines within a time range: points whose period overlaps it. */
export function inRange(lines: Line[], from: string | null, to: string | null): Line[] {
  if (!from && !to) return lines;
  const keep = (p: ValuePoint) => (!from || p.period_end >= from) && (!to || p.period_start <= to);
  return lines.map((l) => ({
    ...l,
    points: l.points.filter(keep),
    breaks: l.breaks.filter((b) => (!from || b.at > time(from)) && (!to || b.at <= time(to))),
  }));
}

/** The unit code of a line shown as an index (the table and CSV write it; figure.tsx says it). */
export const indexUnit = (base: string) => `index, ${base} = 100`;

/**
 * Each line as change since `base`: its value over its own value at the base period, × 100. A line
 * without a value at the base, or whose unit changes after it, has none (never a ratio of roubles and
 * tenge).
 */
export function asIndex(lines: Line[], base: string): Line[] {
  return lines.map((l) => {
    const at = l.points.find((p) => p.period === base);
    return {
      ...l,
      points: l.points.map((p) => ({
        ...p,
        value:
          at?.value && p.value !== null && p.unit === at.unit ? (p.value / at.value) * 100 : null,
        unit: indexUnit(base),
        derived: true,
      })),
    };
  });
}

/** The periods a base can be chosen from: those with a value, at most one a month. */
export function basePeriods(lines: Line[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const pts = lines.flatMap((l) => l.points.filter((p) => p.value !== null));
  pts.sort((a, b) => a.period_end.localeCompare(b.period_end));
  const fine = pts.some((p) => days(p) < 28);
  for (const p of pts) {
    const key = fine ? p.period_start.slice(0, 7) : p.period;
    if (!seen.has(key)) (out.push(p.period), seen.add(key));
  }
  return out;
}

/** One value as a CSV row: its place, breakdown, period, own unit, status, note and reason. */
export function csvRow(
  place: { iso: string; name: string; codes?: Readonly<Record<string, string>> },
  p: ValuePoint,
  shown: Shown,
  derivation: string | null,
): CsvRow {
  return {
    place: place.iso,
    place_name: place.name,
    metric: shown.metricId,
    dimensions: { ...shown.dimensions, ...place.codes },
    period: p.period,
    period_end: p.period_end,
    value: p.value,
    unit: p.unit,
    status: p.status,
    null_reason: p.value === null ? (p.withheld ?? p.null_reason) : null,
    source_id: shown.source.id,
    source_title: shown.source.title,
    source_url: shown.source.url,
    note: [p.note, p.derived ? derivation : null].filter(Boolean).join('; ') || null,
    release: shown.revision,
  };
}

/** The CSV rows of a figure: every point of every line in range. */
export const rowsOf = (lines: Line[], shown: Shown, derivation: string | null): CsvRow[] =>
  lines.flatMap((l) =>
    l.points.map((p) =>
      csvRow({ iso: l.place, name: l.name, codes: l.codes }, p, shown, derivation),
    ),
  );
