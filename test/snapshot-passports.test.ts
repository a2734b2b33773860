// The committed snapshot passports (sources/passports.json) are checked against their schema before
// any snapshot is verified: a broken passport stops the build naming the file, the row and the field.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SOURCES_DIR } from '../src/lib/config.js';
import { SnapshotError, loadPassports } from '../src/sources/snapshots.js';

const committed = JSON.parse(await readFile(join(SOURCES_DIR, 'passports.json'), 'utf8')) as Record<
  string,
  unknown
>[];

async function loadEdited(edit: (rows: Record<string, unknown>[]) => void): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'dala-passports-'));
  try {
    const rows = structuredClone(committed);
    edit(rows);
    await writeFile(join(dir, 'passports.json'), JSON.stringify(rows));
    return await loadPassports(dir).then(
      () => null,
      (e: unknown) => e,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the committed passports load: one per snapshot file, each with its sha256, size and licence', async () => {
  const passports = await loadPassports(SOURCES_DIR);
  assert.equal(passports.length, committed.length);
  assert.ok(
    passports.every((p) => /^[0-9a-f]{64}$/.test(p.sha256) && p.bytes > 0 && p.licence !== ''),
  );
});

test('a passport with a malformed digest, a missing licence, an unknown member or a date that is not one is refused naming row and field', async () => {
  const cases: [(rows: Record<string, unknown>[]) => void, RegExp][] = [
    [
      (r) => {
        r[3]!.sha256 = 'abc';
      },
      /^sources\/passports\.json row 3 field sha256: /,
    ],
    [
      (r) => {
        delete r[5]!.licence;
      },
      /^sources\/passports\.json row 5 field licence: /,
    ],
    [
      (r) => {
        r[2]!.licence_url = 'x';
      },
      /^sources\/passports\.json row 2 field licence_url: /,
    ],
    [
      (r) => {
        r[1]!.retrieved = 'yesterday';
      },
      /^sources\/passports\.json row 1 field retrieved: /,
    ],
    [
      (r) => {
        r[0]!.bytes = -1;
      },
      /^sources\/passports\.json row 0 field bytes: /,
    ],
  ];
  for (const [edit, message] of cases) {
    const err = await loadEdited(edit);
    assert.ok(err instanceof SnapshotError, String(err));
    assert.match(err.message, message);
  }
});
