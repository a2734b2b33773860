// The aggregations an indicator declares (sources/) and the store's rollups compute
// (src/store/rollup.ts): in src/lib because both the build and the serving path read them, and the
// serving path loads no module of src/sources.

/**
 * How an indicator's buckets (week, month, quarter, year) combine its points: `sum`, `mean`, `last`
 * (the value on the bucket's last point), `business-day-mean` (the mean of the values dated Monday to
 * Friday: a rate fixed by business day, whose source also holds a few weekend rows). src/store/rollup.ts.
 */
export const AGGREGATIONS = ['sum', 'mean', 'last', 'business-day-mean'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
