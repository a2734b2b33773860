// Builds a scaled, SYNTHETIC benchmark release through the same build and seal code as `dala build`
// (src/release/build.ts), its store extended with generated rows (./rows.ts).
// Run: node --import tsx bench/scale/build.ts [--points N] [--events N] [--entities N] [--day-step N] [--releases DIR]
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { buildRelease } from '../../src/release/build.js';
import { FULL, scaledRows, type ScaleOptions } from './rows.js';

export { FULL };

export async function buildScaled(
  releasesDir: string,
  opts: ScaleOptions,
  log: (line: string) => void = () => {},
) {
  const started = performance.now();
  const result = await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
    log,
    storeRows: (real) => scaledRows(real, opts),
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      points: { type: 'string' },
      events: { type: 'string' },
      entities: { type: 'string' },
      'day-step': { type: 'string' },
      releases: { type: 'string' },
    },
  });
  const opts: ScaleOptions = {
    points: Number(values.points ?? FULL.points),
    events: Number(values.events ?? FULL.events),
    entities: Number(values.entities ?? FULL.entities),
    dayStep: Number(values['day-step'] ?? 1),
  };
  const dir = values.releases ?? 'releases-scaled';
  const t0 = performance.now();
  // The machine's load when the build starts and ends (a wall time means little without it; the
  // store write is synchronous, so nothing in this process can sample it in between).
  const load = [loadavg()[0]!];
  const r = await buildScaled(dir, opts, (line) =>
    console.error(`${((performance.now() - t0) / 1000).toFixed(1)}s ${line}`),
  );
  load.push(loadavg()[0]!);
  const cpu = process.cpuUsage();
  const record = {
    releases: dir,
    revision: r.revision,
    seconds: +r.seconds.toFixed(1),
    cpu_seconds: +((cpu.user + cpu.system) / 1e6).toFixed(1),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    load_average_1min: { start: load[0], end: load[1] },
    ...opts,
  };
  await writeFile(join(dir, 'scaled-build.json'), JSON.stringify(record)); // read by bench/scaled.bench.ts
  console.log(JSON.stringify(record));
}
