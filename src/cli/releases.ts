import { releasesDir } from '../lib/config.js';
import { listReleases } from '../release/list.js';
import { readCurrent } from '../release/pointer.js';
import { verifyRelease } from '../release/verify.js';
import { join } from 'node:path';

interface Flags {
  releases?: string;
}

export async function verifyCommand(flags: Flags, revision?: string): Promise<number> {
  const dir = releasesDir(flags.releases);
  const target = revision ?? (await readCurrent(dir));
  if (!target) {
    console.error(`dala verify: no current release in ${dir}`);
    return 1;
  }
  const seal = await verifyRelease(join(dir, target));
  console.log(`ok ${seal.revision}: ${seal.files.length} files re-hashed, all match`);
  return 0;
}

export async function releasesCommand(flags: Flags): Promise<number> {
  const dir = releasesDir(flags.releases);
  const current = await readCurrent(dir);
  const releases = await listReleases(dir);
  if (releases.length === 0) console.log(`no sealed releases in ${dir}`);
  for (const r of releases) {
    const bytes = r.files.reduce((n, f) => n + f.bytes, 0);
    console.log(
      `${r.revision === current ? '*' : ' '} ${r.revision}  built ${r.built_at}  as of ${r.as_of}  ${r.files.length} files  ${bytes} bytes  previous ${r.previous_revision ?? '-'}`,
    );
  }
  return 0;
}
