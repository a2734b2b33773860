// Reader for the Bureau bulletin "Численность населения Республики Казахстан по полу и типу
// местности на 1 января 2023 года" (passport bns-population-bulletin-2023 in sources/passports.json,
// `bns-more/population_by_region_district_sex_urban_rural_2023-01-01.xlsx`), sheet "02": each
// region's row, then its city administrations ("Семей қ.ә.") and districts ("Абай ауданы"), a blank
// row between regions; names in Kazakh only. Only the district rows are read: the regions are
// published from the population table (another revision: Abai 610 189 here, 610 205 there), and
// sheet "03" nests settlements inside districts. Each row is matched to one district entity of its
// region by its Kazakh name; a row that matches none fails the build unless
// sources/district-bulletin-coverage.json lists it as a district geokz does not draw. That table also
// says which rows count the people of the geokz districts formed after the bulletin
// (src/sources/district-bulletin-coverage.ts writes the notes and nulls).
// The bulletin's foot (sheet "03", rows 512-516) names its authors with phones and e-mail: the
// reader never opens that sheet, so none of it can reach a release.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Point, Region } from './records.js';
import type { DimensionCodes } from '../lib/dimensions.js';
import { instantPeriod } from './bns-periods.js';
import { absentPoints, holderNote, undrawnNote, type CoveredDistrict } from './district-bulletin-coverage.js';
import type { DistrictCoverage } from './records.js';

export const DISTRICT_BULLETIN_FILE = 'bns-more/population_by_region_district_sex_urban_rural_2023-01-01.xlsx';

/** Columns B-J: all, men, women; urban all, men, women; rural all, men, women (checked against the header words). */
const COLUMNS: readonly { col: string; dims: DimensionCodes; header: [string, RegExp] }[] = [
  { col: 'B', dims: { sex: '_T', area: '_T' }, header: ['B4', /Все население/u] },
  { col: 'C', dims: { sex: 'M', area: '_T' }, header: ['C5', /мужчины/u] },
  { col: 'D', dims: { sex: 'F', area: '_T' }, header: ['D5', /женщины/u] },
  { col: 'E', dims: { sex: '_T', area: 'U' }, header: ['E5', /городское население/u] },
  { col: 'F', dims: { sex: 'M', area: 'U' }, header: ['F6', /мужчины/u] },
  { col: 'G', dims: { sex: 'F', area: 'U' }, header: ['G6', /женщины/u] },
  { col: 'H', dims: { sex: '_T', area: 'R' }, header: ['H5', /сельское население/u] },
  { col: 'I', dims: { sex: 'M', area: 'R' }, header: ['I6', /мужчины/u] },
  { col: 'J', dims: { sex: 'F', area: 'R' }, header: ['J6', /женщины/u] },
];

/** Bulletin names that differ from the district table's Kazakh name, each with the reason. */
export const BULLETIN_NAMES: readonly { region: string; row: string; district_kk: string; why: string }[] = [
  { region: 'KZ-39', row: 'Лисаков қ.ә.', district_kk: 'Лисаковск', why: 'the bulletin writes the Kazakh form "Лисаков", the boundary table "Лисаковск"' },
  { region: 'KZ-47', row: 'Қарақия ауданы', district_kk: 'Қарақиян', why: 'the bulletin writes "Қарақия", the boundary table "Қарақиян"' },
  { region: 'KZ-63', row: 'Катонқарағай ауданы', district_kk: 'Қатонқарағай', why: 'the bulletin starts with a Cyrillic "К", the boundary table with the Kazakh "Қ"' },
];

/** What the reader needs of a district entity (src/model/types.ts District): the pcode is "KZ" + the first six KATO digits. */
export interface DistrictRef extends CoveredDistrict { name: { kk: string; en: string } }

const space = (s: string) => s.replace(/\s+/gu, ' ').trim();
const nameKey = (s: string) => s.toLocaleLowerCase('kk').replace(/[-\s]/gu, '');
const DASH = 'source cell "-": none (the bulletin\'s legend: «-» явление отсутствует)';

export async function readDistrictBulletin(
  path: string, regions: readonly Region[], districts: readonly DistrictRef[], coverage: readonly DistrictCoverage[],
): Promise<Point[]> {
  const wb = XLSX.read(await readFile(path), { sheets: ['02'] });
  const ws = wb.Sheets['02'];
  if (!ws || !ws['!ref']) throw new Error(`${path}: no sheet "02"`);
  const text = (a1: string) => (ws[a1] === undefined ? '' : space(String(ws[a1].v)));
  for (const c of COLUMNS) if (!c.header[1].test(text(c.header[0]))) throw new Error(`${path}, sheet "02", cell ${c.header[0]}: expected ${c.header[1]}, found "${text(c.header[0])}"`);
  const regionOf = new Map(regions.map((r) => [space(r.kind === 'city' ? `${r.name.kk} қаласы` : r.name.kk.replace(/ облысы$/u, '')), r]));
  const last = XLSX.utils.decode_range(ws['!ref']).e.r + 1;
  const points: Point[] = [];
  const used = new Map<string, string>();
  const rowPoints = new Map<string, Point[]>(); // "<region> <label>" -> the row's points
  const undrawn = new Map<DistrictCoverage, number>(); // a row geokz does not draw -> its persons
  let region: Region | null = null;
  for (let row = 8; row <= last; row++) {
    const label = text(`A${row}`);
    const at = `${path}, sheet "02", row ${row}`;
    if (label === '') {
      region = null;
      continue;
    }
    if (region === null) {
      region = regionOf.get(label) ?? null;
      if (region === null) throw new Error(`${at}, field label: "${label}" is not a region heading`);
      continue;
    }
    const notDrawn = coverage.find((c) => c.region_iso === region!.iso && c.bulletin_row === label);
    if (notDrawn) {
      undrawn.set(notDrawn, Number(ws[`B${row}`]?.v));
      continue;
    }
    const district = matchDistrict(label, region, districts);
    if (district === null) throw new Error(`${at}, field label: "${label}" matches no district of ${region.iso}`);
    if (used.has(district.id)) throw new Error(`${at}, field label: "${label}" and ${used.get(district.id)} both match ${district.id}`);
    used.set(district.id, `row ${row}`);
    const mine: Point[] = [];
    rowPoints.set(`${region.iso} ${label}`, mine);
    for (const c of COLUMNS) {
      const cell = ws[`${c.col}${row}`];
      const v = cell?.v;
      const where = `${at}, column ${c.col} ("${label}")`;
      if (typeof v !== 'number' && v !== '-') throw new Error(`${where}, field value: expected a number or "-", found ${JSON.stringify(v)}`);
      mine.push({
        metric: 'population_by_district', place: district.id.replace(/^place:/u, ''), ...instantPeriod('2023-01-01'),
        value: typeof v === 'number' ? v : null, null_reason: typeof v === 'number' ? null : DASH, status: 'final', unit: 'persons',
        source_id: 'bns-population-bulletin-2023', note: `the bulletin's row "${label}"`, dimensions: c.dims,
      });
    }
    points.push(...mine);
  }
  noteCoverage(coverage, districts, rowPoints, undrawn);
  return [...points, ...absentPoints(coverage, districts, COLUMNS.map((c) => c.dims))];
}

/** Appends to each row's note what territory its figure covers beyond or short of its 2024 polygon. */
function noteCoverage(
  coverage: readonly DistrictCoverage[], districts: readonly DistrictRef[],
  rowPoints: ReadonlyMap<string, Point[]>, undrawn: ReadonlyMap<DistrictCoverage, number>,
): void {
  const append = (ps: readonly Point[], note: string) => ps.forEach((p) => (p.note = `${p.note}; ${note}`));
  for (const c of coverage) {
    const at = `sources/district-bulletin-coverage.json (${c.name_en})`;
    if (c.district_pcode !== undefined) {
      const district = districts.find((d) => d.pcode === c.district_pcode)!;
      for (const label of c.counted_in) {
        const ps = rowPoints.get(`${c.region_iso} ${label}`);
        if (!ps) throw new Error(`${at}: counted_in "${label}" is no district row of ${c.region_iso} in the bulletin`);
        append(ps, holderNote(c, district));
      }
      continue;
    }
    const persons = undrawn.get(c);
    if (persons === undefined || !Number.isInteger(persons)) throw new Error(`${at}: bulletin_row "${c.bulletin_row}" is no row of ${c.region_iso} with a number`);
    const holder = districts.find((d) => d.pcode === c.drawn_in);
    const ps = holder && [...rowPoints.values()].find((x) => x[0]?.place === holder.id.replace(/^place:/u, ''));
    if (!ps) throw new Error(`${at}: drawn_in ${c.drawn_in} has no bulletin row`);
    append(ps, undrawnNote(c, persons));
  }
}

/** The one district of the region whose Kazakh name is the row's name; a city administration (қ.ә.) and a district of the same name are told apart by KATO (1 in the third digit: a city). */
function matchDistrict(label: string, region: Region, districts: readonly DistrictRef[]): DistrictRef | null {
  const fixed = BULLETIN_NAMES.find((n) => n.region === region.iso && n.row === label)?.district_kk;
  const base = fixed ?? label.replace(/ (ауданы|қ\.ә\.)$/u, '');
  const same = districts.filter((d) => d.region_iso === region.iso && nameKey(d.name.kk) === nameKey(base));
  if (same.length <= 1) return same[0] ?? null;
  const city = / қ\.ә\.$/u.test(label);
  const pick = same.filter((d) => (d.pcode.slice(2)[2] === '1') === city);
  return pick.length === 1 ? pick[0]! : null;
}
