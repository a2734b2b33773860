// Geometry stage on the real geokz 1.0.2 snapshots (docs/interface.md §4.1 kz_adm1_current.geojson, §4.2 region files).
import { snapshotsDir } from '../src/lib/config.js';
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type * as GeoJSON from 'geojson';
import OverlayOp from 'jsts/org/locationtech/jts/operation/overlay/OverlayOp.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';
import {
  readShapefile,
  validityErrors,
  repairGeometry,
  toRfc7946,
  simplifyFeatureCollection,
  geodesicAreaKm2,
  signedArea2,
  type Polygonal,
} from '../src/geo/index.js';
import { floatingFactory, polygonsOf, toJts } from '../src/geo/jts.js';

const SNAPSHOTS = snapshotsDir();
const GEOKZ = join(SNAPSHOTS, 'geokz-1.0.2');
const shp = (name: string) => join(GEOKZ, `kaz_admbnda_${name}.shp`);

function byName(fc: GeoJSON.FeatureCollection, field: string, value: string): GeoJSON.Feature {
  const found = fc.features.find((f) => f.properties?.[field] === value);
  assert.ok(found, `no feature with ${field} = ${value}`);
  return found;
}

function relativeAreaChange(before: GeoJSON.Geometry, after: GeoJSON.Geometry): number {
  const a = geodesicAreaKm2(before);
  return Math.abs(geodesicAreaKm2(after) - a) / a;
}

function assertRfc7946Rings(geometry: Polygonal, where: string): void {
  for (const [shell, ...holes] of polygonsOf(geometry)) {
    for (const ring of [shell!, ...holes]) {
      assert.deepEqual(ring[0], ring[ring.length - 1], `${where}: ring not closed`);
    }
    assert.ok(signedArea2(shell!) > 0, `${where}: exterior ring not counter-clockwise`);
    for (const hole of holes) assert.ok(signedArea2(hole) < 0, `${where}: hole not clockwise`);
  }
}

function roundNaively(geometry: Polygonal, decimals: number): Polygonal {
  const s = 10 ** decimals;
  return JSON.parse(JSON.stringify(geometry), (_k, v: unknown) =>
    typeof v === 'number' ? Math.round(v * s) / s : v,
  );
}

let adm1: GeoJSON.FeatureCollection;
let adm2: GeoJSON.FeatureCollection;

before(async () => {
  adm1 = await readShapefile(shp('adm1_2024'));
  adm2 = await readShapefile(shp('adm2_2024'));
});

describe('readShapefile', () => {
  it('reads 20 ADM1, 224 ADM2 and 21 centre points', async () => {
    assert.equal(adm1.features.length, 20);
    assert.equal(adm2.features.length, 224);
    const cnt1 = await readShapefile(shp('cnt1_2022'));
    assert.equal(cnt1.features.length, 21);
    assert.ok(cnt1.features.every((f) => f.geometry.type === 'Point'));
  });

  it('decodes attributes with the UTF-8 code page named in the .cpg file and keeps them raw', () => {
    const abay = byName(adm1, 'ADM1_PCODE', 'KZ10');
    assert.equal(abay.properties?.ADM1_KK, 'Абай');
    assert.equal(abay.properties?.ISO_3166_2, 'KZ-ABY'); // wrong legacy code, but raw data is not corrected here
    assert.equal(byName(adm1, 'ADM1_EN', 'Shymkent (city)').properties?.ADM1_RU, 'Чимкент'); // known source error kept raw
  });

  it('names the missing file when a shapefile is absent', async () => {
    await assert.rejects(
      readShapefile(join(GEOKZ, 'no_such_layer.shp')),
      /no_such_layer\.shp: file not found/,
    );
  });
});

describe('validityErrors (JTS IsValidOp)', () => {
  it('rejects the raw Zhetysu and Turkestan ADM1 polygons for nested shells, naming the coordinate', () => {
    for (const name of ['Zhetysu', 'Turkestan']) {
      const errors = validityErrors(byName(adm1, 'ADM1_EN', name).geometry);
      assert.ok(errors.length > 0, `${name} should be invalid`);
      assert.match(errors[0]!, /^NESTED_SHELLS: Nested shells at \(\d+\.\d+, \d+\.\d+\)/);
    }
  });

  it('rejects the raw Ulytau district for a self-intersection', () => {
    const ulytau = adm2.features.find(
      (f) => f.properties?.ADM2_EN === 'Ulytau' && f.properties?.ADM1_EN === 'Ulytau',
    );
    assert.ok(ulytau);
    assert.match(validityErrors(ulytau.geometry)[0] ?? '', /^SELF_INTERSECTION/);
  });

  it('accepts a simple square and reports an unclosed ring as a structural error', () => {
    const square: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    assert.deepEqual(validityErrors(square), []);
    const open: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    assert.match(validityErrors(open)[0] ?? '', /INVALID_STRUCTURE/);
  });
});

describe('repairGeometry', () => {
  it('makes Zhetysu and Turkestan valid without changing their area', () => {
    for (const name of ['Zhetysu', 'Turkestan']) {
      const raw = byName(adm1, 'ADM1_EN', name).geometry;
      const fixed = repairGeometry(raw);
      assert.deepEqual(validityErrors(fixed), [], name);
      assert.ok(relativeAreaChange(raw, fixed) < 1e-6, name);
    }
  });

  it('leaves every ADM1 and ADM2 unit valid with area within 0.1% of the raw', () => {
    for (const f of [...adm1.features, ...adm2.features]) {
      const where = String(f.properties?.ADM2_PCODE ?? f.properties?.ADM1_PCODE);
      const fixed = repairGeometry(f.geometry);
      assert.deepEqual(validityErrors(fixed), [], where);
      assert.ok(relativeAreaChange(f.geometry, fixed) < 0.001, where);
    }
  });

  it('keeps both lobes of a figure-eight ring, unlike a plain zero buffer', () => {
    const bowtie: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    assert.ok(validityErrors(bowtie).length > 0);
    const fixed = repairGeometry(bowtie);
    assert.deepEqual(validityErrors(fixed), []);
    assert.equal(fixed.type, 'MultiPolygon');
    assert.equal(toJts(fixed).getArea(), 2);
  });

  it('returns a valid geometry unchanged', () => {
    const abay = byName(adm1, 'ADM1_PCODE', 'KZ10').geometry;
    assert.equal(repairGeometry(abay), abay);
  });
});

describe('toRfc7946', () => {
  it('rounds to 6 decimals and re-repairs the units that naive rounding breaks', () => {
    const repaired = adm1.features.map((f) => repairGeometry(f.geometry));
    const brokenByRounding = repaired.filter((g) => validityErrors(roundNaively(g, 6)).length > 0);
    assert.ok(
      brokenByRounding.length > 0,
      'expected naive rounding to break some units (the fault the check must see)',
    );
    repaired.forEach((g, i) => {
      const out = toRfc7946(g, 6) as Polygonal;
      const where = String(adm1.features[i]!.properties?.ADM1_EN);
      assert.deepEqual(validityErrors(out), [], where);
      assertRfc7946Rings(out, where);
      assert.ok(relativeAreaChange(g, out) < 0.001, where);
      assert.ok(!/\d\.\d{7,}/.test(JSON.stringify(out)), `${where}: more than 6 decimals`);
    });
  });

  it('orients a clockwise shell counter-clockwise and a counter-clockwise hole clockwise', () => {
    const cw: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 4],
          [4, 4],
          [4, 0],
          [0, 0],
        ],
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
          [1, 1],
        ],
      ],
    };
    assertRfc7946Rings(toRfc7946(cw) as Polygonal, 'square with hole');
  });
});

describe('simplifyFeatureCollection (ADM1, the 400 KB budget of kz_adm1_current.geojson)', () => {
  let result: Awaited<ReturnType<typeof simplifyFeatureCollection>>;
  let repaired: GeoJSON.FeatureCollection;
  const options = {
    maxBytes: 400_000,
    maxAreaErrorRatio: 0.01,
    key: (f: GeoJSON.Feature) => String(f.properties?.ADM1_PCODE),
  };

  before(async () => {
    repaired = {
      type: 'FeatureCollection',
      features: adm1.features.map((f) => ({ ...f, geometry: repairGeometry(f.geometry) })),
    };
    result = await simplifyFeatureCollection(repaired, options);
  });

  it('fits in 400 000 bytes of JSON', () => {
    const bytes = Buffer.byteLength(JSON.stringify(result.fc), 'utf8');
    assert.equal(bytes, result.stats.bytes);
    assert.ok(bytes <= 400_000, `${bytes} bytes`);
  });

  it('keeps every region area within 1% of full precision, valid and RFC 7946 oriented', () => {
    assert.equal(result.fc.features.length, 20);
    result.fc.features.forEach((f, i) => {
      const where = String(f.properties?.ADM1_EN);
      assert.deepEqual(validityErrors(f.geometry), [], where);
      assertRfc7946Rings(f.geometry as Polygonal, where);
      assert.ok(relativeAreaChange(repaired.features[i]!.geometry, f.geometry) <= 0.01, where);
      assert.deepEqual(f.properties, adm1.features[i]!.properties, `${where}: properties changed`);
    });
    assert.ok(result.stats.maxAreaError <= 0.01);
    assert.equal(result.stats.perFeature.length, 20);
  });

  it('introduces no overlaps and no gaps between neighbouring regions', () => {
    const shapes = result.fc.features.map((f) => toJts(f.geometry));
    let overlap = 0;
    for (let i = 0; i < shapes.length; i++) {
      for (let j = i + 1; j < shapes.length; j++)
        overlap += OverlayOp.intersection(shapes[i], shapes[j]).getArea();
    }
    assert.equal(overlap, 0);
    const country = UnaryUnionOp.union(floatingFactory.createGeometryCollection(shapes));
    let holes = 0;
    for (let k = 0; k < country.getNumGeometries(); k++)
      holes += country.getGeometryN(k).getNumInteriorRing();
    assert.equal(holes, 0, 'gaps inside the country');
  });

  it('gives identical bytes on a second run', async () => {
    const again = await simplifyFeatureCollection(repaired, options);
    assert.equal(JSON.stringify(again.fc), JSON.stringify(result.fc));
  });

  it('refuses a byte budget that would cost more than the allowed area error', async () => {
    await assert.rejects(
      simplifyFeatureCollection(repaired, { ...options, maxBytes: 20_000 }),
      /changes the area of KZ\d+|even maximal/,
    );
  });

  it('refuses invalid input instead of simplifying it', async () => {
    await assert.rejects(simplifyFeatureCollection(adm1, options), /invalid before simplification/);
  });
});
