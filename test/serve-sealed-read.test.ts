// A release's sealed files are read into memory on worker threads when they are many bytes
// (src/serve/releases/sealed-read.ts): the bodies are the sealed bytes, and a file whose bytes differ
// from its seal entry, or that is not a regular file, refuses the release naming that file. The
// fixture release is small, so the threads are asked for (hereMax 0) rather than left to its size.
import assert from 'node:assert/strict';
import { cp, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSeal } from '../src/release/verify.js';
import { readSealedFiles } from '../src/serve/releases/sealed-read.js';
import { flipBytes } from './support/flip-pages.js';
import { makeV1Release } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';

async function sealedData(dir: string) {
  const seal = await readSeal(dir);
  return [...seal.files, ...(seal.variants ?? [])].filter((f) => f.path.startsWith('data/'));
}

async function copyOf(dir: string): Promise<string> {
  const copy = join(tempDir('dala-sealed-read-'), dir.split('/').pop()!);
  await cp(dir, copy, { recursive: true });
  return copy;
}

test('sealed files read on worker threads are the sealed bytes, each under its path', async () => {
  const { dir } = await makeV1Release();
  const files = await sealedData(dir);
  const bodies = await readSealedFiles(dir, files, 0);
  assert.equal(bodies.size, files.length);
  for (const f of files)
    assert.deepEqual(bodies.get(f.path), await readFile(join(dir, f.path)), f.path);
});

test('a sealed file read on a worker thread with one byte changed, or replaced by a symlink, refuses the release naming that file', async () => {
  const { dir } = await makeV1Release();
  const files = await sealedData(dir);
  for (const f of [files[0]!, files[files.length - 1]!]) {
    const copy = await copyOf(dir);
    await flipBytes(join(copy, f.path), [f.bytes >> 1], 0x01);
    await assert.rejects(
      readSealedFiles(copy, files, 0),
      (err: Error) =>
        err.name === 'ReleaseVerificationError' &&
        err.message === `${f.path}: sha256 differs from the seal`,
      f.path,
    );
  }
  const copy = await copyOf(dir);
  const target = files[1]!.path;
  await rm(join(copy, target));
  await symlink(join(dir, target), join(copy, target)); // identical bytes, but not a regular file
  await assert.rejects(readSealedFiles(copy, files, 0), {
    message: `${target}: not a regular file`,
  });
});
