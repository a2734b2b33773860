// Figures of the soak test: nearest-rank percentiles over plain arrays and windows in time (resident
// memory: process-tree.ts).

/** The p-th percentile (0 < p <= 100) by nearest rank; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface Timed {
  t: number;
} // milliseconds since the measured run began

/** Splits [from, to) into consecutive windows of `size` ms (the last one may be shorter). */
export function windows<T extends Timed>(
  items: readonly T[],
  from: number,
  to: number,
  size: number,
): { from: number; to: number; items: T[] }[] {
  const out: { from: number; to: number; items: T[] }[] = [];
  for (let start = from; start < to; start += size) {
    const end = Math.min(to, start + size);
    out.push({ from: start, to: end, items: items.filter((x) => x.t >= start && x.t < end) });
  }
  return out;
}

export const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
