// The record a scaled build leaves beside its releases (scaled-build.json, written by ./build.ts) and
// the bench row it gives: wall time against the 10-minute bound, with the CPU time, peak memory and
// the machine's load that the wall time depends on.
import { atMost, type BenchRow } from '../row.js';
import { FULL, type ScaleOptions } from './rows.js';

export interface ScaledBuildRecord extends ScaleOptions {
  revision: string;
  seconds: number;
  cpu_seconds?: number;
  peak_rss_mb?: number;
  load_average_1min?: { start: number; end: number };
}

export function scaledBuildRow(record: ScaledBuildRecord | null, dir: string): BenchRow {
  if (record === null) {
    return atMost(
      'build',
      'scaled release (30M points, 1M events, 1M entities): build + seal <= 10 min',
      null,
      600,
      's',
      `no scaled-build.json in ${dir}: run node --import tsx bench/scale/build.ts --releases ${dir}`,
    );
  }
  const full =
    record.points >= FULL.points &&
    record.events >= FULL.events &&
    record.entities >= FULL.entities;
  const scale = `${record.points} points (a point every ${record.dayStep ?? 1} day), ${record.events} events, ${record.entities} entities`;
  const notes = [
    full ? 'full scale' : 'NOT the full 30M / 1M / 1M scale',
    record.cpu_seconds === undefined ? null : `CPU ${record.cpu_seconds} s`,
    record.peak_rss_mb === undefined ? null : `peak RSS ${record.peak_rss_mb} MiB`,
    record.load_average_1min
      ? `load average ${record.load_average_1min.start} at start, ${record.load_average_1min.end} at end`
      : null,
  ].filter((n) => n !== null);
  return atMost(
    'build',
    `scaled release (${scale}): build + seal <= 10 min`,
    +record.seconds.toFixed(0),
    600,
    's',
    notes.join('; '),
  );
}
