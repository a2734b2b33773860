// Staging directories of builds in progress and temp files of pointer swaps, inside the releases
// directory (the same filesystem, so the final renames are atomic). A build killed before its rename
// leaves one behind; the next build removes every leftover whose owner is gone, so leftovers never
// accumulate, and never touches the work of a live build.
//
// The owner in each name is `<boot>-<pid namespace>-<pid>-<start time>`: a pid alone names no process
// for long, since pids are reused, and a build run as a container's first process is pid 1 every time,
// so a killed containerised build's leftover would look alive to every later one. The pid and the start
// time (proc(5), /proc/<pid>/stat field 22) name one process while the machine is up; the boot id
// (/proc/sys/kernel/random/boot_id) tells this machine and boot from another machine sharing the
// directory. A leftover from another machine, boot or pid namespace (another container) cannot be
// checked from here: it is removed once it is a day old, far beyond any build. Without /proc the pid
// alone is checked.
import { readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fsyncDir } from './durable.js';
import { faultPoint } from './fault.js';
import { pidAlive } from '../lib/pid-alive.js';

const OWNER = String.raw`([0-9a-f]+)-(\d+)-(\d+)-(\d+)`;
const STAGING = new RegExp(String.raw`^\.staging-${OWNER}-[A-Za-z0-9]+$`);
const POINTER_TMP = new RegExp(String.raw`^\.CURRENT\.${OWNER}-[0-9a-f]+\.tmp$`);
const FOREIGN_AGE_MS = 24 * 60 * 60 * 1000;
// Names of earlier builds (pid only, or nothing): swept when the pid is gone or once an hour old.
const LEGACY = /^\.staging-(?:(\d+)-)?[A-Za-z0-9]{6}$|^\.CURRENT\.(\d+)\.tmp$/;
const LEGACY_AGE_MS = 60 * 60 * 1000;

function startTime(pid: number): string | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ')[19] ?? null; // field 22; the name may hold spaces
  } catch {
    return null;
  }
}

function bootId(): string {
  try {
    return (
      readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')
        .replace(/[^0-9a-f]/g, '')
        .slice(0, 12) || '0'
    );
  } catch {
    return '0';
  }
}

function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
  } catch {
    return '0';
  }
}

const BOOT = bootId();
const NAMESPACE = pidNamespace();
/** This process, as staging and pointer temp names carry it. */
export const OWNER_TOKEN = `${BOOT}-${NAMESPACE}-${process.pid}-${startTime(process.pid) ?? '0'}`;

export async function makeStaging(releasesDir: string): Promise<string> {
  const created = await mkdir(releasesDir, { recursive: true });
  // A releases directory made now must survive a power cut like the release sealed into it: the
  // entry of each directory created is made durable in its parent (the seal syncs releasesDir itself).
  for (let dir = releasesDir; created && dir !== dirname(created); dir = dirname(dir))
    await fsyncDir(dirname(dir));
  return mkdtemp(join(releasesDir, `.staging-${OWNER_TOKEN}-`));
}

/** A unique temp name for a new CURRENT (two swaps in one process must not share one). */
export function pointerTempName(): string {
  return `.CURRENT.${OWNER_TOKEN}-${randomBytes(6).toString('hex')}.tmp`;
}

/** Whether the leftover `name` in releasesDir is owned by a process that is gone. */
async function abandoned(releasesDir: string, name: string): Promise<boolean> {
  const owner = STAGING.exec(name) ?? POINTER_TMP.exec(name);
  if (owner) {
    const [, boot, namespace, pid, start] = owner as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (`${boot}-${namespace}-${pid}-${start}` === OWNER_TOKEN) return false;
    if (boot !== BOOT || namespace !== NAMESPACE)
      return olderThan(join(releasesDir, name), FOREIGN_AGE_MS);
    if (NAMESPACE === '0') return !pidAlive(Number(pid));
    return startTime(Number(pid)) !== start;
  }
  const legacy = LEGACY.exec(name);
  if (!legacy) return false;
  const pid = legacy[1] ?? legacy[2];
  return (
    (pid !== undefined && Number(pid) !== process.pid && !pidAlive(Number(pid))) ||
    olderThan(join(releasesDir, name), LEGACY_AGE_MS)
  );
}

/** Removes leftovers of dead builds; returns the names removed. */
export async function sweepStaging(releasesDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(releasesDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!(await abandoned(releasesDir, name))) continue;
    await rm(join(releasesDir, name), { recursive: true, force: true });
    removed.push(name);
    faultPoint('staging.swept-one');
  }
  return removed;
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}
