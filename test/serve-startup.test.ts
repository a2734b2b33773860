// `dala serve` loads only what serving needs (start-up cost): commands are imported lazily
// and no build-only package (geometry, spreadsheets, PDFs, fonts, CSV parsing) enters the process,
// even after every route family has answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
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

test('dala serve answers every route family without loading a build-only package or module', async () => {
  const { releasesDir } = await makeV1Release();
  const report = join(tempDir('dala-modules-'), 'modules.json');
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
    await storeVerified(base, () => '');
    for (const path of [
      '/data/country-pulse.json',
      '/api/timemachine/layers',
      '/api/v1/search?q=Almaty',
      '/api/v1/places',
    ]) {
      assert.equal(
        (await fetch(base + path, { headers: { 'accept-encoding': 'br, gzip' } })).status,
        200,
        path,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  const modules = (JSON.parse(await readFile(report, 'utf8')) as string[]).map((m) =>
    m.replace(/^file:\/\//, ''),
  );
  assert.ok(
    modules.some((m) => m.includes('/src/serve/app.')),
    'the recorder saw the app load',
  );
  const packages = BUILD_ONLY.filter((p) => modules.some((m) => m.includes(`/node_modules/${p}/`)));
  assert.deepEqual(packages, [], `build-only packages loaded by serve`);
  const sources = modules.filter((m) => BUILD_SOURCES.some((s) => m.includes(`${ROOT}${s}`)));
  assert.deepEqual(sources, [], `build-only modules loaded by serve`);
});
