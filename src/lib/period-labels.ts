// The period labels of the data (src/sources/records.ts, Point): `2024` (year), `2024-Q1`
// (quarter), `2024-H1` / `2024-9M` (cumulative from 1 January), `2024-01` (month), `2024-01-15`
// (a day), `2024-W03` (ISO week), `2022/23` (school year). The one grammar and its one parser: the
// query schemas, SDMX's time periods, the cumulative columns of the Bureau's tables and the
// explorer's wording all read a label here.

/** A label's parts; numbers as written (a month 13 parses: callers that need a calendar check it). */
export type PeriodLabel =
  | { kind: 'year'; year: string }
  | { kind: 'quarter'; year: string; n: number }
  | { kind: 'half'; year: string; n: number }
  | { kind: 'nine-months'; year: string }
  | { kind: 'month'; year: string; month: number }
  | { kind: 'day'; year: string; month: number; day: number }
  | { kind: 'week'; year: string; week: number }
  | { kind: 'school-year'; year: string; next: string };

/** The grammar as a JSON Schema pattern (ECMA-262), as the query schemas declare it. */
export const PERIOD_LABEL_PATTERN =
  '^(\\d{4})(-(Q([1-4])|H([12])|(9M)|W(\\d{2})|(\\d{2})(-(\\d{2}))?)|/(\\d{2}))?$';
const LABEL = new RegExp(PERIOD_LABEL_PATTERN);

/** The parts of a period label, or null when the text is not one. */
export function parsePeriodLabel(label: string): PeriodLabel | null {
  const m = LABEL.exec(label);
  if (!m) return null;
  const [, year = '', , , quarter, half, nine, week, month, , day, next] = m;
  if (quarter) return { kind: 'quarter', year, n: Number(quarter) };
  if (half) return { kind: 'half', year, n: Number(half) };
  if (nine) return { kind: 'nine-months', year };
  if (week) return { kind: 'week', year, week: Number(week) };
  if (month && day) return { kind: 'day', year, month: Number(month), day: Number(day) };
  if (month) return { kind: 'month', year, month: Number(month) };
  if (next) return { kind: 'school-year', year, next };
  return { kind: 'year', year };
}

/**
 * Whether a label names a span from 1 January shorter than the year (Q1, H1, 9M): the values the
 * Bureau publishes cumulated from the start of the year.
 */
export function isPartYearToDate(label: string): boolean {
  const p = parsePeriodLabel(label);
  return (
    (p?.kind === 'quarter' && p.n === 1) ||
    (p?.kind === 'half' && p.n === 1) ||
    p?.kind === 'nine-months'
  );
}
