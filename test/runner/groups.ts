// The test files grouped by what they cost (test/run.ts runs the in-process groups side by side, the
// system and browser groups one file at a time). A file's group follows from what it imports, itself
// or through the test helpers it imports (test/support/...), so a new file is placed without being
// listed; the first match wins: the browser, then the real release (both wait for the shared build),
// then child processes (servers, nginx, Redis, R: a system test), a fixture release or store (a route
// test), anything else a unit test. PLACED names the few files placed by hand; the extra group is
// what `npm test` leaves to `npm run test:extra` (CI runs both): the soak, and runs at a scale a
// change need not wait for.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const GROUPS = ['unit', 'routes', 'real', 'system', 'browser', 'extra'] as const;
export type Group = (typeof GROUPS)[number];

export interface TestRun {
  file: string; // relative to the project root: test/x.test.ts
  group: Group;
  /** Set for a run of a file beside its default one (its own name in the records). */
  label?: string;
  env?: Record<string, string>;
  args?: string[];
}

/**
 * What a file reaches (its imports and those of the test helpers it imports, as written or as the
 * helper's path under test/), first match wins: the costliest resource it needs names its group.
 */
const BY_IMPORT: [Group, RegExp][] = [
  ['browser', /^playwright-core$|^test\/support\/(explorer|browser)\.ts$/],
  ['real', /^test\/support\/(release|real-app)\.ts$/],
  ['system', /^(node:)?child_process$/],
  [
    'routes',
    /^test\/(support\/(fixture-release|v1-fixture|temp-store|kill-fixture)|serve-support)\.ts$|\/src\/serve\/app\.js$/,
  ],
];

/** Files placed by hand, where their imports understate what they need. */
const PLACED: Record<string, Group> = {
  'test/soak.test.ts': 'extra', // 200 s of load: only in the extra group
  // kills builds while a server it started watches, and asserts the server failed no request: a
  // file on the other core can starve it (its real-release part runs in the extra group)
  'test/publish-kill.test.ts': 'system',
  // a second whole build of the real release each (determinism; the public URL's effect)
  'test/release-rebuild.test.ts': 'extra',
  'test/release-public-url-built.test.ts': 'extra',
};

/** The extra group's runs at scale, beside the default runs of the same files. */
const EXTRA_RUNS: TestRun[] = [
  {
    // the property test's cases at ten times the count of `npm test`
    file: 'test/hostile.test.ts',
    group: 'extra',
    label: 'test/hostile.test.ts (20,000 cases)',
    env: { DALA_HOSTILE_RUNS: '20000' },
  },
  {
    // the real `dala build` killed mid-write and mid-seal: four real builds
    file: 'test/publish-kill.test.ts',
    group: 'extra',
    label: 'test/publish-kill.test.ts (real builds)',
    env: { DALA_KILL_REAL: '1' },
    args: ['--test-name-pattern', 'the real dala build'],
  },
];

/** The module specifiers of a file's static and dynamic imports (TypeScript's own scan: comments and strings aside). */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * Everything `file` reaches: the specifiers it and the test helpers it imports name, and those
 * helpers' own paths (relative to `root`); src/ is not followed (its modules are the code under test).
 */
export function reachedFrom(root: string, file: string, text?: string): Set<string> {
  const reached = new Set<string>();
  const queue: [string, string | undefined][] = [[file, text]];
  const seen = new Set<string>();
  const testDir = join(root, 'test');
  while (queue.length > 0) {
    const [path, given] = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    let source = given;
    if (source === undefined) {
      try {
        source = readFileSync(join(root, path), 'utf8');
      } catch {
        continue;
      }
    }
    for (const spec of importsOf(source)) {
      reached.add(spec);
      if (!spec.startsWith('.')) continue;
      const target = resolve(root, dirname(path), spec).replace(/\.js$/, '.ts');
      if (!target.startsWith(testDir + '/') || !existsSync(target)) continue;
      const local = relative(root, target);
      reached.add(local);
      queue.push([local, undefined]);
    }
  }
  return reached;
}

export function groupOf(root: string, file: string, text?: string): Group {
  if (PLACED[file]) return PLACED[file];
  const reached = [...reachedFrom(root, file, text)];
  return BY_IMPORT.find(([, pattern]) => reached.some((spec) => pattern.test(spec)))?.[0] ?? 'unit';
}

/** Every test run of the suite, each with its group. */
export function testRuns(root: string): TestRun[] {
  const files = readdirSync(join(root, 'test'))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `test/${name}`);
  return [...files.map((file) => ({ file, group: groupOf(root, file) })), ...EXTRA_RUNS];
}

export const nameOf = (run: TestRun) => run.label ?? run.file;

/** The in-process groups, whose files may share a process (test/runner/batch.ts). */
export const BATCHED_GROUPS: readonly Group[] = ['unit', 'routes', 'real'];

/**
 * What a file must not share a process for, read in its own text: it changes what the files after
 * it would see (the environment, a global, the working directory, process handlers or mocks), or it
 * measures the process itself (CPU, heap, event-loop delay, time), which files before it would skew.
 */
const OWN_PROCESS =
  /process\.env(\.\w+|\[[^\]]+\]) *=[^=]|delete process\.env|\bmock\.(module|method|timers)|setGlobalDispatcher|process\.(on|once|exit|chdir)\(|globalThis\.\w+ *=[^=]|cpuUsage|hrtime|performance\.now|eventLoopUtilization|monitorEventLoopDelay|memoryUsage|getHeapStatistics|Date\.now\(\) *-|support\/request-cpu/;

/**
 * A test helper that declares hooks when it is first imported (a server for the whole file): in a
 * shared process it is imported once, so its hooks would run for the first file that imports it only.
 */
const HOOKS_ON_IMPORT = /^(before|after|beforeEach|afterEach)\(/m;

/**
 * Tests declared after an await (in an async describe callback, or after a top-level await): node:test
 * finds a test's parent by the async context it is declared in, and after awaiting a promise another
 * file made (a release built once per process) that context is the other file's, so in a shared
 * process the tests would land under another file or after the run.
 */
const DECLARED_AFTER_AWAIT = [
  /\b(describe|suite)\(\s*(['"`])(?:(?!\2)[^\\]|\\.)*\2\s*,\s*(\{[^{}]*\}\s*,\s*)?async\b/,
  /^[^\s/*].*\bawait\b/m, // a statement at the top level (not indented) that awaits
];

/** Whether a file's tests may run in a process shared with other files of its group. */
export function sharesProcess(root: string, run: TestRun): boolean {
  if (!BATCHED_GROUPS.includes(run.group) || run.label || run.env || run.args) return false;
  const text = readFileSync(join(root, run.file), 'utf8');
  if (OWN_PROCESS.test(text) || DECLARED_AFTER_AWAIT.some((re) => re.test(text))) return false;
  return ![...reachedFrom(root, run.file)]
    .filter((spec) => spec.startsWith('test/support/'))
    .some((helper) => HOOKS_ON_IMPORT.test(readFileSync(join(root, helper), 'utf8')));
}
