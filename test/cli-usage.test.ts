// The `dala` command line: help on request, and a mistyped option answered with one line naming it and
// the usage (exit 2), never a stack trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DALA = fileURLToPath(new URL('../bin/dala.js', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [DALA, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DALA_FROM_SOURCE: '1' },
    timeout: 60_000,
  });

test('dala --help and dala <command> --help print the usage on stdout and exit 0', () => {
  for (const args of [['--help'], ['-h'], ['serve', '--help'], ['build', '-h']]) {
    const r = run(...args);
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stdout, /^usage: dala <command> \[options\]/, args.join(' '));
    assert.match(r.stdout, /serve {6}serve the current sealed release/);
  }
});

test('a mistyped option exits 2 with one line naming it and the usage, without a stack trace', () => {
  const r = run('serve', '--prot', '3');
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^dala serve: Unknown option '--prot'\n/);
  assert.match(r.stderr, /usage: dala <command> \[options\]/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
});
