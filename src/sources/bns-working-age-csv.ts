// Reader for the open-data portal export of population by region, sex and working-age band
// (`bns-more/population_by_region_sex_working_age_groups_2020-01-01.csv`, passport
// bns-working-age-2020 in sources/passports.json):
// UTF-8 with a byte-order mark, every field quoted, numbers as strings, the region in the fifth
// column, rows unsorted, the regions before the 2022 reform. The file carries no date: its men and
// women totals equal the Bureau's population at 1 January 2020 by sex, so the reference date is
// that instant (the release checks the equality, bns-more.ts). The age bands are the working-age
// limits of the time and differ by sex (men 16-62, women 16-58).
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Point } from './records.js';
import type { DimensionCodes } from '../lib/dimensions.js';
import { markBorderChanges } from './bns-breaks.js';
import { instantPeriod } from './bns-periods.js';

export const WORKING_AGE_FILE = 'bns-more/population_by_region_sex_working_age_groups_2020-01-01.csv';
export const WORKING_AGE_DATE = '2020-01-01';

/** Column -> position on the dimensions; the file has exactly these seven columns. */
const COLUMNS: Readonly<Record<string, DimensionCodes>> = {
  'men_0-15': { sex: 'M', age: 'Y0T15' },
  'men_16-62': { sex: 'M', age: 'Y16T62' },
  'men_63+': { sex: 'M', age: 'Y_GE63' },
  'women_0-15': { sex: 'F', age: 'Y0T15' },
  'women_16-58': { sex: 'F', age: 'Y16T58' },
  'women_59+': { sex: 'F', age: 'Y_GE59' },
};

export async function readWorkingAgeCsv(path: string, resolveLabel: (label: string) => string | null): Promise<Point[]> {
  const rows = parse(await readFile(path), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const header = Object.keys(rows[0] ?? {}).sort();
  const expected = [...Object.keys(COLUMNS), 'region'].sort();
  if (JSON.stringify(header) !== JSON.stringify(expected)) throw new Error(`${path}: columns ${header.join(', ')}, expected ${expected.join(', ')}`);
  const points: Point[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const at = `${path}, row ${i + 2}`;
    const label = row.region!.trim();
    const place = resolveLabel(label);
    if (place === null) throw new Error(`${at}, field region: unresolved region label "${label}"`);
    if (seen.has(place)) throw new Error(`${at}, field region: "${label}" appears twice`);
    seen.add(place);
    for (const [column, dimensions] of Object.entries(COLUMNS)) {
      const text = row[column]!;
      if (!/^\d+$/u.test(text)) throw new Error(`${at}, field ${column}: expected a whole number, found ${JSON.stringify(text)}`);
      points.push({
        metric: 'population_working_age_groups', place, ...instantPeriod(WORKING_AGE_DATE), value: Number(text), null_reason: null, status: 'final',
        unit: 'persons', source_id: 'bns-working-age-2020', dimensions,
        note: 'reference date inferred: the file has none; its men and women totals equal the Bureau\'s population at 1 January 2020 by sex',
      });
    }
  });
  for (const dims of Object.values(COLUMNS)) markBorderChanges(points.filter((p) => p.dimensions === dims));
  return points;
}
