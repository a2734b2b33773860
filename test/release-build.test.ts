import assert from 'node:assert/strict';
import { cp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { readCurrent } from '../src/release/pointer.js';
import { verifyRelease } from '../src/release/verify.js';
import { copyOfRealRelease, realRelease } from './support/release.js';
import { tempDir } from './support/temp-dir.js';

const addFormats = addFormatsImport as unknown as (a: Ajv2020) => void;
// the static files without parameters (docs/interface.md §4.1)
const STATIC_PATHS = [
  'country-pulse.json',
  'workbench.json',
  'quality-report.json',
  'media-weekly-digest.json',
  'region-overview.json',
  'kz_adm1_current.geojson',
  'official-regional-indicators.json',
  'public-observations.json',
  'indicator-passports/manifest.json',
  'media-kit/manifest.json',
  'region-briefs/manifest.json',
  'entity-graph.json',
  'entities.json',
  'institutions-catalog.json',
  'entity-federation.json',
  'reviewed-entity-links.json',
  'geo-public-contract.json',
  'geo-layer-contract.json',
  'release-manifest.json',
  'public-probe-registry.json',
  'dataset-catalog.json',
  'datasets/index.json',
  'datasets/provenance.json',
  'reviewed-projection-registry.json',
  'ecosystem-contract.json',
  'platform-exchange-contract.json',
  'search-index.json',
];

async function json(dir: string, path: string): Promise<any> {
  return JSON.parse(await readFile(join(dir, 'data', path), 'utf8'));
}

describe('a release built from the pinned snapshots', async () => {
  const { releasesDir, revision } = await realRelease();
  const dir = join(releasesDir, revision);
  const seal = await verifyRelease(dir);
  const slugs: string[] = (await json(dir, 'geo-public-contract.json')).regions.map(
    (r: any) => r.slug,
  );

  test('holds every docs/interface.md §4.1 path and a boundary and analytics file per region', () => {
    const paths = new Set(seal.files.map((f) => f.path));
    for (const p of STATIC_PATHS) assert.ok(paths.has(`data/${p}`), `missing data/${p}`);
    assert.equal(slugs.length, 20);
    for (const s of slugs) {
      assert.ok(paths.has(`data/geo/regions/${s}.geojson`), s);
      assert.ok(paths.has(`data/region-analytics/${s}.json`), s);
    }
  });

  test('every JSON file validates against the schema the release ships', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const report = JSON.parse(await readFile(join(dir, 'evidence/validation.json'), 'utf8'));
    assert.ok(report.validated >= 27 + 40);
    for (const entry of report.artifacts) {
      const schema = JSON.parse(
        await readFile(join(dir, 'data/schemas', `${entry.schema}.schema.json`), 'utf8'),
      );
      const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
      const body = JSON.parse(await readFile(join(dir, entry.path), 'utf8'));
      assert.ok(validate(body), `${entry.path}: ${JSON.stringify(validate.errors?.[0])}`);
    }
  });

  test('the country GeoJSON has the 20 regions, fits in 400 KB and has counter-clockwise exteriors', async () => {
    const fc = await json(dir, 'kz_adm1_current.geojson');
    assert.equal(fc.features.length, 20);
    assert.deepEqual(fc.features.map((f: any) => f.properties.slug).sort(), [...slugs].sort());
    const bytes = seal.files.find((f) => f.path === 'data/kz_adm1_current.geojson')!.bytes;
    assert.ok(bytes <= 400_000, `${bytes} bytes`);
    assert.ok(fc.simplification.max_area_error <= 0.01);
  });

  test("the map's drawing copy of the regions is a fifth of the country file compressed, keeps every region and names the reforms that moved each one's borders", async () => {
    const drawing = await json(dir, 'geo/kz_adm1_drawing.geojson');
    const full = await json(dir, 'kz_adm1_current.geojson');
    assert.deepEqual(
      drawing.features.map((f: any) => f.properties.iso),
      full.features.map((f: any) => f.properties.iso),
    );
    const br = async (path: string) => (await stat(join(dir, 'data', `${path}.br`))).size;
    const drawn = await br('geo/kz_adm1_drawing.geojson');
    const country = await br('kz_adm1_current.geojson');
    assert.ok(drawn * 5 <= country, `${drawn} vs ${country} bytes (br)`);
    const reforms = (iso: string) =>
      drawing.features.find((f: any) => f.properties.iso === iso).properties.border_changes;
    const changes = (iso: string) => reforms(iso).map((e: any) => e.id);
    // East Kazakhstan lost Abai in 2022; Turkistan was formed in 2018; Atyrau kept its borders.
    assert.deepEqual(changes('KZ-63'), ['event:2022-06-08-abai-region-created']);
    assert.deepEqual(changes('KZ-61'), [
      'event:2018-06-19-shymkent-city-of-republican-significance',
    ]);
    assert.deepEqual(changes('KZ-23'), []);
    const analytics = await json(dir, 'region-analytics/east-kazakhstan.json');
    assert.deepEqual(changes('KZ-63'), analytics.border_changes, 'the same rule as the profile');
    // each reform carries its date and review status: a border change holds whether or not it is reviewed
    const events = JSON.parse(await readFile(join(SOURCES_DIR, 'events.json'), 'utf8'));
    for (const r of [...reforms('KZ-63'), ...reforms('KZ-61')]) {
      const row = events.find((e: any) => e.id === r.id);
      assert.deepEqual(
        [r.date, r.title_en, r.review_status],
        [row.date, row.title.en, row.review_status],
      );
    }
  });

  test('regional files carry all 20 regions', async () => {
    assert.equal((await json(dir, 'official-regional-indicators.json')).regions.length, 20);
    assert.equal((await json(dir, 'region-overview.json')).regions.length, 20);
    assert.equal((await json(dir, 'geo-public-contract.json')).regions.length, 20);
  });

  test('the institutions catalog has 55 institutions and 20 region briefs are listed', async () => {
    assert.equal((await json(dir, 'institutions-catalog.json')).institutions.length, 55);
    const briefs = await json(dir, 'region-briefs/manifest.json');
    assert.equal(briefs.files.length, 20);
    for (const f of briefs.files) {
      const sealed = seal.files.find((s) => `/${s.path}` === f.path)!;
      assert.equal(sealed.sha256, f.sha256, f.path);
      const pdf = await readFile(join(dir, f.path.slice(1)));
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    }
  });

  test('the regions population sums to the national figure for every year 2009-2025', async () => {
    const series = await json(dir, 'datasets/population.json');
    const isoRegion = /^KZ-\d{2}$/;
    for (let year = 2009; year <= 2025; year++) {
      const rows = series.points.filter((p: any) => p.period === String(year));
      const national = rows.find((p: any) => p.place === 'KZ');
      const regions = rows.filter((p: any) => isoRegion.test(p.place));
      assert.equal(regions.length, 20, `${year}`);
      const sum = regions.reduce((s: number, p: any) => s + p.value, 0);
      assert.ok(Math.abs(sum - national.value) < 0.5, `${year}: ${sum} vs ${national.value}`);
    }
  });

  test('no published figure is a 0 standing for a missing value: every null has a reason', async () => {
    for (const file of [
      'datasets/population.json',
      'datasets/labour-market.json',
      'datasets/gross-regional-product.json',
    ]) {
      const { points } = await json(dir, file);
      for (const p of points) {
        if (p.value === null)
          assert.ok(p.null_reason, `${file} ${p.metric} ${p.place} ${p.period}`);
        else {
          assert.equal(p.null_reason, null);
          assert.notEqual(p.value, 0, `${file} ${p.metric} ${p.place} ${p.period} is 0`);
        }
      }
    }
    const employed = (await json(dir, 'datasets/labour-market.json')).points.filter(
      (p: any) => p.metric === 'employed' && p.period === '2015',
    );
    assert.ok(employed.length > 0 && employed.every((p: any) => p.value === null && p.null_reason));
  });

  test('dala verify catches one flipped byte and names the file', async () => {
    const copy = tempDir('dala-flip-');
    await cp(dir, join(copy, revision), { recursive: true });
    const target = join(copy, revision, 'data/country-pulse.json');
    const bytes = await readFile(target);
    bytes[10] = bytes[10]! ^ 1;
    await writeFile(target, bytes);
    await assert.rejects(verifyRelease(join(copy, revision)), /data\/country-pulse\.json/);
  });
});

describe('building', () => {
  test('an altered snapshot fails the build, names the file and leaves the releases directory as it was', async () => {
    const { releasesDir, revision } = await copyOfRealRelease();
    const snapshots = tempDir('dala-snap-');
    await cp(snapshotsDir(), snapshots, { recursive: true });
    const csv = join(snapshots, 'bns/population_avg_annual_by_region.csv');
    const { chmod } = await import('node:fs/promises');
    await chmod(csv, 0o644);
    await writeFile(csv, (await readFile(csv, 'utf8')).replace('654230.0', '654231.0'));
    const before = (await readdir(releasesDir)).sort();
    await assert.rejects(
      buildRelease({
        snapshotsDir: snapshots,
        releasesDir,
        sourcesDir: SOURCES_DIR,
        builtAt: buildTime(),
      }),
      /bns\/population_avg_annual_by_region\.csv/,
    );
    assert.deepEqual((await readdir(releasesDir)).sort(), before);
    assert.equal(await readCurrent(releasesDir), revision);
  });

  test('a missing snapshot fails the build naming the file, and nothing is created', async () => {
    const snapshots = tempDir('dala-snap-');
    const releasesDir = join(tempDir('dala-empty-'), 'releases');
    await assert.rejects(
      buildRelease({
        snapshotsDir: snapshots,
        releasesDir,
        sourcesDir: SOURCES_DIR,
        builtAt: buildTime(),
      }),
      /snapshot missing: .*employed_by_region\.csv/,
    );
    await assert.rejects(readdir(releasesDir), /ENOENT/);
  });
});
