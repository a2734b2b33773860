// Reads an ESRI shapefile (geometry .shp + attributes .dbf) into GeoJSON with the `shapefile` package.
// The attribute encoding comes from the .cpg sidecar (geokz ships "UTF-8"): reading it as the
// library default windows-1252 would garble every Kazakh and Russian name.
import { access, readFile } from 'node:fs/promises';
import * as shapefile from 'shapefile';
import type { FeatureCollection } from 'geojson';

/** Encodings that TextDecoder (used by the library) understands and we accept from a .cpg file. */
const CPG_ENCODINGS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  '65001': 'utf-8',
  '1251': 'windows-1251',
  'windows-1251': 'windows-1251',
  'cp1251': 'windows-1251',
  '1252': 'windows-1252',
  'windows-1252': 'windows-1252',
};

function sibling(shpPath: string, ext: string): string {
  if (!/\.shp$/i.test(shpPath)) throw new Error(`${shpPath}: expected a path ending in .shp`);
  return shpPath.replace(/\.shp$/i, ext);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The .dbf encoding named by the .cpg sidecar; a missing .cpg means the dBASE default. */
async function dbfEncoding(shpPath: string): Promise<string> {
  const cpgPath = sibling(shpPath, '.cpg');
  if (!(await exists(cpgPath))) return 'windows-1252';
  const declared = (await readFile(cpgPath, 'latin1')).trim();
  const encoding = CPG_ENCODINGS[declared.toLowerCase()];
  if (!encoding) throw new Error(`${cpgPath}: unsupported code page "${declared}"`);
  return encoding;
}

/** The shapefile must be in geographic WGS84, the only CRS RFC 7946 GeoJSON allows (section 4). */
async function assertWgs84(shpPath: string): Promise<void> {
  const prjPath = sibling(shpPath, '.prj');
  if (!(await exists(prjPath))) throw new Error(`${prjPath}: missing; cannot confirm the data is WGS84`);
  const wkt = await readFile(prjPath, 'utf8');
  if (!/^GEOGCS\[/.test(wkt.trim()) || !/WGS_?1984|WGS 84/i.test(wkt)) {
    throw new Error(`${prjPath}: coordinate system is not geographic WGS84: ${wkt.slice(0, 80)}`);
  }
}

/**
 * Reads `<name>.shp` with `<name>.dbf` beside it. Attribute values are kept exactly as the dBASE
 * table holds them (corrections belong to the region table, not to the reader).
 */
export async function readShapefile(shpPath: string): Promise<FeatureCollection> {
  const dbfPath = sibling(shpPath, '.dbf');
  for (const path of [shpPath, dbfPath]) {
    if (!(await exists(path))) throw new Error(`${path}: file not found`);
  }
  await assertWgs84(shpPath);
  const encoding = await dbfEncoding(shpPath);
  let fc: FeatureCollection;
  try {
    fc = await shapefile.read(shpPath, dbfPath, { encoding });
  } catch (err) {
    throw new Error(`${shpPath}: cannot read shapefile: ${(err as Error).message}`);
  }
  fc.features.forEach((feature, row) => {
    if (feature.geometry === null) throw new Error(`${shpPath}: record ${row + 1} has a null geometry`);
    for (const [field, value] of Object.entries(feature.properties ?? {})) {
      if (typeof value === 'string' && value.includes('\uFFFD')) {
        throw new Error(`${dbfPath}: record ${row + 1}, field ${field}: text is not valid ${encoding}`);
      }
    }
  });
  return fc;
}
