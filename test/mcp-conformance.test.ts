// The official MCP conformance suite (@modelcontextprotocol/conformance, installed with the dev
// dependencies, run offline) against /mcp of the production app on a real listening server: every
// scenario of its active suite that applies to a read-only server passes, and those that do not
// apply are exactly the ones test/fixtures/mcp-conformance-not-applicable.yaml lists with why (the
// suite's expected-failures baseline: it fails on any other failure, and on a listed one passing).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { makeMcpRelease } from './support/mcp-fixture.js';
import { tempDir } from './support/temp-dir.js';
import { startV1, type V1Server } from './support/v1-fixture.js';

const SUITE = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
const NOT_APPLICABLE = fileURLToPath(
  new URL('./fixtures/mcp-conformance-not-applicable.yaml', import.meta.url),
);
// The active suite's scenarios that apply to a read-only server without sessions.
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

let s: V1Server;
before(async () => {
  s = await startV1((await makeMcpRelease()).releasesDir);
});
after(() => s.close());

test('the official conformance suite passes every scenario that applies to a read-only server', async () => {
  const out = tempDir('dala-mcp-conformance-');
  // the DNS rebinding scenario asks for a loopback URL, and sends its host back as the valid Host
  const url = `http://127.0.0.1:${new URL(s.url).port}/mcp`;
  const child = spawn(
    process.execPath,
    [SUITE, 'server', '--url', url, '--expected-failures', NOT_APPLICABLE, '-o', out],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d));
  child.stderr.on('data', (d: Buffer) => (log += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, log.slice(-4000));
  assert.match(log, /Baseline check passed/);
  const runs = await readdir(out);
  for (const scenario of APPLICABLE) {
    const dir = runs.find((d) => d.startsWith(`server-${scenario}-`));
    assert.ok(dir, `${scenario} was run`);
    const checks = JSON.parse(await readFile(join(out, dir, 'checks.json'), 'utf8')) as {
      id: string;
      status: string;
    }[];
    assert.ok(
      checks.some((c) => c.status === 'SUCCESS'),
      scenario,
    );
    for (const c of checks)
      assert.ok(['SUCCESS', 'INFO'].includes(c.status), `${scenario}: ${c.id} ${c.status}`);
  }
});
