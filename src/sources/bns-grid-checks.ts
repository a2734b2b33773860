// What the Bureau's grid tables (bns-year-grid.ts) show and where they cannot be right.
// - A cell's number format is the precision the table displays: a value stored with more decimals
//   than that (a cached total such as 2407.4557910000003 shown as "2,407.5") is published as displayed.
// - A year column equal to the previous one in every row is, most likely, a copied column.
// - A place-year equal in every block of one sheet (total = urban = rural) is most likely a filled-in
//   placeholder. Both are published as the source has them, with status suspicious and a note.
import type { Point } from './records.js';

/** Decimals a spreadsheet number format displays ("#,##0.0;[Red]#,##0.0" -> 1, "0" -> 0); null for "General", text or dates. */
export function displayedDecimals(format: string | undefined): number | null {
  if (format === undefined) return null;
  // the first section formats positive numbers; quoted text, escapes and padding (_x) display no digits
  const section = format.split(';')[0]!.replace(/"[^"]*"|\\.|_./g, '').trim();
  if (!/^[#,0]*0(\.0+)?$/.test(section)) return null;
  return section.split('.')[1]?.length ?? 0;
}

export const decimalsOf = (v: number): number => (String(v).split('.')[1] ?? '').length;

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const flag = (p: Point, note: string) => {
  p.status = 'suspicious';
  p.note = p.note === null ? note : `${note}; ${p.note}`;
};

/**
 * Flags both of two consecutive annual columns of a metric that hold the same value in every row
 * (at least `minRows` values, the national row among them): which of the two is the copy, the table
 * cannot tell. Returns the flagged "metric year" pairs.
 */
export function flagCopiedColumns(points: Point[], minRows = 10): string[] {
  const columns = new Map<string, Map<string, Point>>(); // "metric|year" -> place -> point
  for (const p of points) {
    if (!/^\d{4}$/.test(p.period)) continue;
    const key = `${p.metric}|${p.period}`;
    if (!columns.has(key)) columns.set(key, new Map());
    columns.get(key)!.set(p.place, p);
  }
  const flagged: string[] = [];
  for (const [key, column] of columns) {
    const [metric, year] = key.split('|') as [string, string];
    const previous = columns.get(`${metric}|${Number(year) - 1}`);
    if (previous === undefined) continue;
    const places = new Set([...column.keys(), ...previous.keys()]);
    const same = [...places].every((place) => column.get(place)?.value === previous.get(place)?.value);
    const values = [...column.values()].filter((p) => p.value !== null);
    if (!same || values.length < minRows || !values.some((p) => p.place === 'KZ')) continue;
    const note = `suspicious: ${Number(year) - 1} and ${year} are identical in every region and nationally (${column.get('KZ')!.value} nationally) in the source table; one column is most likely a copy of the other`;
    for (const p of [...column.values(), ...previous.values()]) if (p.value !== null && !p.note?.includes(note)) flag(p, note);
    flagged.push(`${metric} ${Number(year) - 1}-${year}`);
  }
  return flagged;
}

/**
 * Flags a place-year whose value is the same in every block of one sheet (such as total, urban and
 * rural), when the sheet has at least three blocks. `points` are that sheet's. Returns what it flagged.
 */
export function flagEqualBlocks(points: Point[], blocks: readonly string[], sheet: string): string[] {
  if (blocks.length < 3) return [];
  const byCell = new Map<string, Point[]>();
  for (const p of points) {
    if (p.value === null) continue;
    const key = `${p.place}|${p.period}`;
    byCell.set(key, [...(byCell.get(key) ?? []), p]);
  }
  const flagged: string[] = [];
  for (const [key, ps] of byCell) {
    if (ps.length !== blocks.length || !ps.every((p) => p.value === ps[0]!.value)) continue;
    const note = `suspicious: the source sheet "${sheet}" gives ${ps[0]!.value} in each of its ${blocks.length} blocks (${blocks.join(', ')}) for this place and year; a total equal to both of its parts is most likely a filled-in figure`;
    for (const p of ps) flag(p, note);
    flagged.push(key.replace('|', ' '));
  }
  return flagged;
}
