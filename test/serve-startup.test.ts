// `dala serve` loads only what serving needs (start-up cost): commands are imported lazily
// and no build-only package (geometry, spreadsheets, PDFs, fonts, CSV parsing) enters the process,
// even after every route family has answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeV1Release } from './support/v1-fixture.js';
import { storeVerified } from './support/serve-child.js';
import { tempDir } from './support/temp-dir.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_ONLY = [
  'mapshaper',
  'exceljs',
  'pdfkit',
  'jsts',
  'shapefile',
  'dejavu-fonts-ttf',
  'csv-parse',
  '@turf/area',
  'date-holidays',
];
const BUILD_SOURCES = [
  'src/sources/',
  'src/geo/',
  'src/model/',
  'src/publish/pdf/',
  'src/release/build',
  'src/cli/build',
];

test('dala serve answers every route family without loading a build-only package or module, in every serving process', async () => {
  const { releasesDir } = await makeV1Release();
  const reports = tempDir('dala-modules-');
  const report = join(reports, 'modules.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      './test/support/module-recorder.mjs',
      'bin/dala.js',
      'serve',
      '--releases',
      releasesDir,
      '--port',
      '0',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DALA_FROM_SOURCE: '1', DALA_MODULE_REPORT: report },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) =>
        reject(new Error(`dala serve exited (${code}) before listening: ${out}`)),
      );
    });
    // the default configuration: a worker per core, each serving once the store is verified
    await storeVerified(base, () => '', 120_000, availableParallelism());
    // each on a connection of its own, a few times over, so that every worker is likely to answer
    // every family (which worker accepts a connection is the kernel's choice)
    for (let round = 0; round < 4; round++)
      for (const path of [
        '/data/country-pulse.json',
        '/api/timemachine/layers',
        '/api/v1/search?q=Almaty',
        '/api/v1/places',
      ]) {
        const res = await fetch(base + path, {
          headers: { 'accept-encoding': 'br, gzip', connection: 'close' },
        });
        assert.equal(res.status, 200, path);
        await res.arrayBuffer();
      }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // one report per process: the primary's and each worker's
  const files = (await readdir(reports)).filter((f) => f.startsWith('modules.json.'));
  const serving = availableParallelism() > 1 ? availableParallelism() + 1 : 1;
  assert.equal(files.length, serving, `a report from every process: ${files.join(', ')}`);
  let apps = 0;
  for (const file of files) {
    const modules = (JSON.parse(await readFile(join(reports, file), 'utf8')) as string[]).map((m) =>
      m.replace(/^file:\/\//, ''),
    );
    if (modules.some((m) => m.includes('/src/serve/app.'))) apps++;
    const packages = BUILD_ONLY.filter((p) =>
      modules.some((m) => m.includes(`/node_modules/${p}/`)),
    );
    assert.deepEqual(packages, [], `build-only packages loaded by ${file}`);
    const sources = modules.filter((m) => BUILD_SOURCES.some((s) => m.includes(`${ROOT}${s}`)));
    assert.deepEqual(sources, [], `build-only modules loaded by ${file}`);
  }
  assert.equal(apps, availableParallelism(), 'the recorder saw the app load in every worker');
});
