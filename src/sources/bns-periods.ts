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
