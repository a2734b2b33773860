// release.json is declared once, as a JSON Schema (src/publish/schemas/release-seal.ts), and the types
// of the sealer, the verifier and the server derive from it: the seal the sealer writes must be what
// the schema says, and the schema must refuse a seal the server would misread.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ContractValidator } from '../src/publish/validate.js';
import { RELEASE_SEAL_SCHEMA } from '../src/publish/schemas/release-seal.js';
import { SEAL_FILE } from '../src/release/layout.js';
import { makeFixtureRelease } from './support/fixture-release.js';

const validator = new ContractValidator({ seal: RELEASE_SEAL_SCHEMA });
const check = (seal: unknown) => validator.validate(SEAL_FILE, 'seal', seal);

test('the seal a release is sealed with, first and second in a lineage, is what the seal schema declares', async () => {
  const first = await makeFixtureRelease();
  const second = await makeFixtureRelease(first.releasesDir, { karaganda2024: 1_234_567 });
  for (const r of [first, second]) {
    const seal = JSON.parse(readFileSync(join(r.dir, SEAL_FILE), 'utf8')) as {
      files: unknown[];
      variants?: unknown[];
      previous_revision: string | null;
    };
    check(seal);
    assert.ok(seal.files.length > 0);
  }
  assert.equal(
    (JSON.parse(readFileSync(join(second.dir, SEAL_FILE), 'utf8')) as { previous_revision: string })
      .previous_revision,
    first.revision,
  );
});

test('the seal schema refuses an unknown member, a malformed hash or revision, and a variant of another coding', async () => {
  const { dir } = await makeFixtureRelease();
  const seal = JSON.parse(readFileSync(join(dir, SEAL_FILE), 'utf8')) as Record<string, unknown> & {
    files: Record<string, unknown>[];
    variants?: Record<string, unknown>[];
  };
  const broken: [string, unknown][] = [
    ['unknown member', { ...seal, signed_by: 'someone' }],
    [
      'file sha256',
      { ...seal, files: [{ ...seal.files[0], sha256: 'abc' }, ...seal.files.slice(1)] },
    ],
    ['file member', { ...seal, files: [{ ...seal.files[0], mtime: 1 }, ...seal.files.slice(1)] }],
    ['revision', { ...seal, revision: '../etc' }],
    [
      'variant coding',
      {
        ...seal,
        variants: [
          {
            path: 'data/x.json.zst',
            sha256: 'a'.repeat(64),
            bytes: 1,
            of: 'data/x.json',
            coding: 'zstd',
          },
        ],
      },
    ],
  ];
  for (const [what, value] of broken)
    assert.throws(() => check(value), /violates schema seal/, what);
});
