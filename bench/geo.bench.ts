// Times the ADM1 geometry stage on the real snapshot and prints bytes and worst area error.
// Run: node --import tsx bench/geo.bench.ts
import { join } from 'node:path';
import { snapshotsDir } from '../src/lib/config.js';
import { readShapefile, repairGeometry, simplifyFeatureCollection } from '../src/geo/index.js';

const snapshots = snapshotsDir();
const fc = await readShapefile(join(snapshots, 'geokz-1.0.2', 'kaz_admbnda_adm1_2024.shp'));

let t = performance.now();
const repaired = {
  ...fc,
  features: fc.features.map((f) => ({ ...f, geometry: repairGeometry(f.geometry) })),
};
const repairMs = performance.now() - t;

t = performance.now();
const { stats } = await simplifyFeatureCollection(repaired, {
  maxBytes: 400_000,
  maxAreaErrorRatio: 0.01,
  key: (f) => String(f.properties?.ADM1_PCODE),
});
const simplifyMs = performance.now() - t;

const worst = stats.perFeature.reduce((a, b) => (b.ratio > a.ratio ? b : a));
console.log(
  JSON.stringify({
    repair_ms: Math.round(repairMs),
    simplify_ms: Math.round(simplifyMs),
    bytes: stats.bytes,
    retained: stats.retained,
    precision: stats.precision,
    max_area_error: stats.maxAreaError,
    worst_feature: worst.key,
  }),
);
