// Leftovers of killed builds (src/release/staging.ts): the next build removes those whose owner is
// gone, a reused pid included, and never the work of a live build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readCurrent, swapCurrent } from '../src/release/pointer.js';
import { OWNER_TOKEN, makeStaging, pointerTempName, sweepStaging } from '../src/release/staging.js';
import { tempDir } from './support/temp-dir.js';

const [boot, namespace, pid] = OWNER_TOKEN.split('-') as [string, string, string];
const here = `${boot}-${namespace}`;
const DAY = 24 * 60 * 60 * 1000;

async function leftover(dir: string, name: string, ageMs = 0): Promise<string> {
  const path = join(dir, name);
  if (name.startsWith('.staging-')) await mkdir(join(path, 'data'), { recursive: true });
  else await writeFile(path, '0123456789abcdef\n');
  if (ageMs) {
    const then = new Date(Date.now() - ageMs);
    await utimes(path, then, then);
  }
  return name;
}

/** The pid of a process that has exited (and is not reused this soon). */
function deadPid(): number {
  return Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout,
  );
}

test("a build sweeps leftovers of dead builds, a reused pid included, and keeps a live build's", async () => {
  const dir = tempDir('dala-sweep-');
  const live = (await makeStaging(dir)).split('/').pop()!;
  const livePointer = await leftover(dir, pointerTempName());
  const dead = deadPid();
  const gone = [
    await leftover(dir, `.staging-${here}-${dead}-12345-abcDEF`),
    await leftover(dir, `.CURRENT.${here}-${dead}-12345-0a1b2c.tmp`),
    // This very pid with another start time: an earlier process that had the pid (pid 1 in a container).
    await leftover(dir, `.staging-${here}-${pid}-1-abcDEF`),
    await leftover(dir, `.CURRENT.${here}-${pid}-1-0a1b2c.tmp`),
    // From another pid namespace (another container) or another machine, a day old.
    await leftover(dir, `.staging-${boot}-1-1-1-abcDEF`, DAY + 60_000),
    await leftover(dir, `.staging-0123abcd-${namespace}-${pid}-1-abcDEF`, DAY + 60_000),
    // Names of earlier builds: a dead pid, or any pid an hour old.
    await leftover(dir, `.staging-${dead}-abcDEF`),
    await leftover(dir, `.staging-1-abcDEF`, 2 * 60 * 60 * 1000),
    await leftover(dir, `.CURRENT.${dead}.tmp`),
    await leftover(dir, `.staging-abcDEF`, 2 * 60 * 60 * 1000),
  ];
  const kept = [
    live,
    livePointer,
    await leftover(dir, `.staging-${boot}-1-1-1-xyzXYZ`, 60_000), // another container's, recent: it may be running
    await leftover(dir, `.staging-0123abcd-${namespace}-1-1-xyzXYZ`, 60_000), // another machine's, recent
    await leftover(dir, `.staging-1-abcXYZ`), // pid 1 is alive and the name is recent
    await leftover(dir, '.hidden-by-someone-else'),
  ];
  const removed = await sweepStaging(dir);
  assert.deepEqual([...removed].sort(), [...gone].sort());
  assert.deepEqual((await readdir(dir)).sort(), [...kept].sort());
});

test('concurrent pointer swaps in one process all succeed and CURRENT always names one of them', async () => {
  const dir = tempDir('dala-swaps-');
  const [a, b] = ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'];
  for (let i = 0; i < 50; i++) {
    await Promise.all([swapCurrent(dir, a), swapCurrent(dir, b)]);
    assert.ok([a, b].includes((await readCurrent(dir))!));
  }
  assert.deepEqual(await readdir(dir), ['CURRENT'], 'no temp file left');
});
