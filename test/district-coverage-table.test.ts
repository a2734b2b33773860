// sources/district-bulletin-coverage.json against the geokz ADM2 shapefile and its own rules: every
// district it names is a geokz unit of its region (or, for a bulletin row geokz does not draw, is
// absent from geokz), and a row of the wrong kind is refused naming file, row and field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as shapefile from 'shapefile';
import { SOURCES_DIR, snapshotsDir } from '../src/lib/config.js';
import { loadHandTables } from '../src/sources/hand-tables.js';
import { tempDir } from './support/temp-dir.js';

const FILE = 'district-bulletin-coverage.json';
const tables = await loadHandTables(SOURCES_DIR);

test('each district the table names is a geokz unit of its region; the undrawn one is in no geokz unit', async () => {
  const dir = join(snapshotsDir(), 'geokz-1.0.2');
  const fc = await shapefile.read(
    join(dir, 'kaz_admbnda_adm2_2024.shp'),
    join(dir, 'kaz_admbnda_adm2_2024.dbf'),
    { encoding: 'utf-8' },
  );
  const props = fc.features.map((f) => f.properties as Record<string, string>);
  const pcodeOf = new Map(tables.regions.map((r) => [r.iso, r.geokz_pcode]));
  for (const r of tables.districtCoverage) {
    for (const pcode of [r.district_pcode, r.drawn_in].filter((p) => p !== undefined)) {
      const unit = props.find((p) => p.ADM2_PCODE === pcode);
      assert.equal(unit?.ADM1_PCODE, pcodeOf.get(r.region_iso), `${r.name_en}: ${pcode}`);
    }
    if (r.bulletin_row !== undefined) {
      const name = r.bulletin_row.replace(/ ауданы$/u, '');
      assert.ok(!props.some((p) => p.ADM2_KK === name), `${name} has no geokz unit`);
    }
  }
  assert.deepEqual(
    tables.districtCoverage.map((r) => r.name_en),
    [
      'Zhanasemey district',
      'Maqanshy district',
      'Alatau city',
      'Nura district',
      'Turan district',
      'Sauran district',
    ],
  );
});

test('a formed-later row without the rows counting its people, or with a drawn_in, is refused', async () => {
  const dir = tempDir('dala-coverage-');
  try {
    await cp(SOURCES_DIR, dir, { recursive: true });
    const rows = JSON.parse(await readFile(join(dir, FILE), 'utf8'));
    rows[0].counted_in = [];
    rows[1].drawn_in = 'KZ101000';
    await writeFile(join(dir, FILE), JSON.stringify(rows, null, 2));
    const err = await loadHandTables(dir).then(
      () => null,
      (e: Error) => e,
    );
    assert.match(
      String(err?.message),
      /sources\/district-bulletin-coverage\.json row 0 field district_pcode/,
    );
    assert.match(String(err?.message), /row 1 field district_pcode/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
