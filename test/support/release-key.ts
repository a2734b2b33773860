// The key of the kept real release (test/support/release.ts): a sha256 over every input of the
// build, so a kept release is reused exactly while nothing it was built from has changed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildTime, PROJECT_ROOT, snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';

/** Every file under `dir`, relative, sorted, so the key does not depend on directory order. */
function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

/** The sha256 over every input of the real build: equal keys, equal releases (the build is deterministic). */
export function realReleaseKey(): string {
  const hash = createHash('sha256');
  // without SOURCE_DATE_EPOCH the build date comes from sources/passports.json, hashed below
  hash.update(
    `node ${process.version}\nbuilt ${buildTime()?.toISOString() ?? "on its inputs' day"}\n`,
  );
  const inputs: [string, string][] = [
    ['snapshots', snapshotsDir()],
    ['sources', SOURCES_DIR],
    ['src', join(PROJECT_ROOT, 'src')],
    ['native', join(PROJECT_ROOT, 'native')],
    ['vendor', join(PROJECT_ROOT, 'vendor')], // the standards' profiles the build validates against
  ];
  for (const [name, dir] of inputs)
    for (const file of filesUnder(dir)) {
      const bytes = readFileSync(file);
      hash.update(`${name}/${relative(dir, file)} ${bytes.length}\n`).update(bytes);
    }
  hash.update(readFileSync(join(PROJECT_ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 32);
}
