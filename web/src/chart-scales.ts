// The axes of a line chart. Time ticks fall on whole years at a regular step (1, 2, 5, 10, 20 years)
// or, for a short span, on months, and each sits on the start of its year or month; a value is drawn at
// the middle of its period, so a year's point stands above its year's label. The value axis starts at
// zero when zero is near the values (it is part of the picture), and fits the values when they lie far
// from it (life expectancy between 60 and 75 would be a flat line on an axis from 0).
import { scaleLinear, type ScaleLinear } from 'd3-scale';

export const time = (iso: string) => Date.parse(iso + 'T00:00:00Z');
const DAY = 86_400_000;

/** The instant a value is drawn at: the middle of its period. */
export const midpoint = (p: { period_start: string; period_end: string }) =>
  (time(p.period_start) + time(p.period_end) + DAY) / 2;

export interface Tick {
  at: number; // instant
  label: { year: number; month?: number };
}

/** Regular time ticks between two instants, about `room` of them at most. */
export function timeTicks(lo: number, hi: number, room: number): Tick[] {
  const y0 = new Date(lo).getUTCFullYear();
  const y1 = new Date(hi).getUTCFullYear();
  const years = y1 - y0 + 1;
  if (years >= 3 || room < 2) {
    const step = [1, 2, 5, 10, 20, 50].find((s) => Math.ceil(years / s) <= room) ?? 100;
    const ticks: Tick[] = [];
    for (let y = Math.ceil(y0 / step) * step; y <= y1 + 1; y += step) {
      const at = Date.UTC(y, 0, 1);
      if (at >= lo - DAY && at <= hi + DAY) ticks.push({ at, label: { year: y } });
    }
    return ticks;
  }
  const months = (y1 - y0) * 12 + new Date(hi).getUTCMonth() - new Date(lo).getUTCMonth() + 1;
  const step = [1, 2, 3, 6].find((s) => Math.ceil(months / s) <= room) ?? 12;
  const ticks: Tick[] = [];
  for (let y = y0; y <= y1; y++)
    for (let m = 0; m < 12; m += step) {
      const at = Date.UTC(y, m, 1);
      if (at >= lo - DAY && at <= hi + DAY) ticks.push({ at, label: { year: y, month: m + 1 } });
    }
  return ticks;
}

/**
 * The value scale. Zero is kept when the values reach within half their largest magnitude of it
 * (a count from 40 to 120 keeps it; 65 to 75 does not), and for an index the line at 100 stays in view.
 */
export function valueScale(
  values: number[],
  range: [number, number],
  keep?: number,
): ScaleLinear<number, number> {
  const lo = Math.min(...values, keep ?? Infinity);
  const hi = Math.max(...values, keep ?? -Infinity);
  const nearZero = lo >= 0 ? lo <= hi / 2 : hi <= 0 ? hi >= lo / 2 : true;
  const domain: [number, number] = nearZero ? [Math.min(0, lo), Math.max(0, hi)] : [lo, hi];
  if (domain[0] === domain[1]) domain[1] = domain[0] + (Math.abs(domain[0]) || 1);
  return scaleLinear().domain(domain).nice(5).range(range);
}

/** True when the scale starts at a value other than zero (the chart says so). */
export const offZero = (y: ScaleLinear<number, number>) => {
  const [a, b] = y.domain() as [number, number];
  return a > 0 || b < 0;
};
