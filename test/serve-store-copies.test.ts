// A serve process keeps a private copy of a store too large to hold in memory. Stopped by SIGTERM it
// removes its copy; a copy left by a process that died (SIGKILL, crash) is removed by the next serve
// on the machine, while a live process's copy is never touched: each stop must not leave a
// store-sized file behind in the temp directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeV1Release } from './support/v1-fixture.js';
import { serveProcesses } from './support/process-tree.js';
import { startServe } from './support/serve-child.js';
import { tempDir } from './support/temp-dir.js';

test('dala serve removes its store copy on SIGTERM and sweeps copies of dead processes, never a live one', async () => {
  const { releasesDir } = await makeV1Release();
  const temp = tempDir('dala-copies-');
  const dead = join(temp, 'dala-serve-2147483646'); // no process has this pid (above pid_max)
  await mkdir(dead);
  await writeFile(join(dead, 'left.sqlite'), 'bytes of a killed server');
  const live = join(temp, `dala-serve-${process.pid}`); // this test process: alive
  await mkdir(live);
  await writeFile(join(live, 'in-use.sqlite'), 'bytes of a running server');

  // DALA_STORE_MEMORY_MAX=1 and DALA_STORE_IN_PLACE=0: every store is served from a private copy under TMPDIR.
  const server = await startServe(releasesDir, {
    TMPDIR: temp,
    DALA_STORE_MEMORY_MAX: '1',
    DALA_STORE_IN_PLACE: '0',
  });
  try {
    assert.equal((await fetch(`${server.url}/api/v1/places?limit=1`)).status, 200);
    // each serving process (each worker of the default configuration) holds a copy of its own
    const processes = serveProcesses(server.child.pid!);
    const serving = processes.length > 1 ? processes.slice(1) : processes;
    assert.ok(serving.length >= 1);
    for (const pid of serving)
      assert.equal(
        (await readdir(join(temp, `dala-serve-${pid}`))).filter((f) => f.endsWith('.sqlite'))
          .length,
        1,
        `the store served by pid ${pid} is a private copy`,
      );
    const left = (await readdir(temp)).sort();
    assert.ok(
      !left.includes('dala-serve-2147483646'),
      `the dead process's copy is swept: ${left.join(', ')}`,
    );
    assert.ok(left.includes(`dala-serve-${process.pid}`), 'a live process keeps its copy');
    const swept = server.log.find(
      (line) => line.msg === 'dala serve: removed the store copies of stopped servers',
    );
    assert.deepEqual(
      swept?.removed,
      [join(temp, 'dala-serve-2147483646')],
      'the sweep is logged, naming what it removed',
    );
    assert.equal(server.stderr(), '', 'a sweep is not an error');
  } finally {
    await server.stop('SIGTERM');
  }
  assert.equal(server.child.exitCode, 0, `exit after SIGTERM: ${server.stderr()}`);
  const copies = (await readdir(temp)).filter((f) => f.startsWith('dala-serve-')).sort();
  assert.deepEqual(copies, [`dala-serve-${process.pid}`], 'only the live process copy remains');
});
