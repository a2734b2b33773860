// Period keys of the temporal store (docs/architecture.md "Temporal store"): '2019' for a year,
// '2019-Q1' / '2019-H1' / '2019-9M' for values cumulative from 1 January. Bounds are inclusive ISO dates.

export type CumulativeKind = 'Q1' | 'H1' | '9M';

export interface PeriodBounds {
  period: string;
  period_start: string;
  period_end: string;
}

const CUMULATIVE_END: Record<CumulativeKind, string> = { Q1: '03-31', H1: '06-30', '9M': '09-30' };

export function annualPeriod(year: number): PeriodBounds {
  return { period: String(year), period_start: `${year}-01-01`, period_end: `${year}-12-31` };
}

export function cumulativePeriod(year: number, kind: CumulativeKind): PeriodBounds {
  return { period: `${year}-${kind}`, period_start: `${year}-01-01`, period_end: `${year}-${CUMULATIVE_END[kind]}` };
}

const QUARTER_BOUNDS = [['01-01', '03-31'], ['04-01', '06-30'], ['07-01', '09-30'], ['10-01', '12-31']] as const;

/** One calendar quarter (not cumulative): `2019-Q3` = 1 July - 30 September 2019. */
export function quarterPeriod(year: number, quarter: 1 | 2 | 3 | 4): PeriodBounds {
  const [start, end] = QUARTER_BOUNDS[quarter - 1]!;
  return { period: `${year}-Q${quarter}`, period_start: `${year}-${start}`, period_end: `${year}-${end}` };
}

/** An instant: a stock counted on one day, e.g. the population at 1 January (`2023-01-01`). */
export function instantPeriod(date: string): PeriodBounds {
  return { period: date, period_start: date, period_end: date };
}

/** A school year, `2022/23`: 1 September 2022 - 31 August 2023. */
export function schoolYearPeriod(startYear: number): PeriodBounds {
  return { period: `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`, period_start: `${startYear}-09-01`, period_end: `${startYear + 1}-08-31` };
}

/** One calendar month, `2025-03` = 1-31 March 2025. */
export function monthPeriod(year: number, month: number): PeriodBounds {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { period: `${year}-${mm}`, period_start: `${year}-${mm}-01`, period_end: `${year}-${mm}-${last}` };
}
