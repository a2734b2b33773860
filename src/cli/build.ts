import { buildTime, publicUrl, releasesDir, snapshotsDir, SOURCES_DIR } from '../lib/config.js';
import { buildRelease } from '../release/build.js';

interface Flags {
  snapshots?: string;
  releases?: string;
  'source-date-epoch'?: string;
  'public-url'?: string;
}

export async function buildCommand(flags: Flags): Promise<number> {
  const started = performance.now();
  const result = await buildRelease({
    snapshotsDir: snapshotsDir(flags.snapshots),
    releasesDir: releasesDir(flags.releases),
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(flags['source-date-epoch']),
    publicUrl: publicUrl(flags['public-url']),
    log: (line) => console.error(line),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result.created
      ? `sealed ${result.revision} (${result.files} data files, ${result.bytes} bytes; previous ${result.previousRevision ?? 'none'}) in ${seconds}s`
      : `unchanged: inputs identical to sealed release ${result.revision}; nothing new sealed (${seconds}s)`,
  );
  return 0;
}
