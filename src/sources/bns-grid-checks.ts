// What the Bureau's grid tables (bns-year-grid.ts) show and where they cannot be right.
// - One rule for every number of every Bureau workbook (asDisplayed): it is published as its table
//   displays it, to the decimals of the cell's number format (a cached total 2407.4557910000003 shown
//   as "2,407.5" is 2407.5; an average 4917.916666666667 shown as "4,918" is 4918); a cell in the
//   General format shows what it holds, so it is published as held, with binary floating-point noise
//   beyond 12 significant digits (2346.2999999999997) dropped. Each changed value says so in its note.
// - A year column equal to the previous one in every row is, most likely, a copied column.
// - A place-year equal in every block of one sheet (total = urban = rural) is most likely a filled-in
//   placeholder. Both are published as the source has them, with status suspicious and a note.
import type { Point } from './records.js';

/** Decimals a spreadsheet number format displays ("#,##0.0;[Red]#,##0.0" -> 1, "0" -> 0); null for "General", text or dates. */
export function displayedDecimals(format: string | undefined): number | null {
  if (format === undefined) return null;
  // the first section formats positive numbers; quoted text, escapes and padding (_x) display no digits
  // quoted text, escapes, padding (_x) and fill (*x) display no digits
  const section = format.split(';')[0]!.replace(/"[^"]*"|\\.|_.|\*./g, '').trim();
  if (!/^[#,0]*0(\.0+)?$/.test(section)) return null;
  return section.split('.')[1]?.length ?? 0;
}

/** Drops binary floating-point noise (2346.2999999999997 -> 2346.3) and nothing a person typed. */
export function cleanNumber(v: number): number {
  return Number(v.toPrecision(12));
}

/** A cell's number as published (the rule above), with the note that says what was changed, if anything. */
export function asDisplayed(held: number, format: string | undefined): { value: number; note: string | null } {
  const clean = cleanNumber(held);
  const shown = displayedDecimals(format);
  if (shown !== null && decimalsOf(clean) > shown)
    return {
      value: roundTo(clean, shown),
      note: `the cell holds ${held}; the table displays it to ${shown} decimal${shown === 1 ? '' : 's'} (number format "${format}"), as published here`,
    };
  if (clean !== held) return { value: clean, note: `the cell holds ${held}; floating-point noise beyond 12 significant digits dropped` };
  return { value: held, note: null };
}

/** A number cell of a Bureau workbook as published: displayed decimals (asDisplayed) and its formula said. */
export function numberCell(x: { v?: unknown; z?: unknown; f?: string }, where: string): { value: number; notes: string[] } {
  const v = x.v as number;
  if (!Number.isFinite(v)) throw new Error(`${where}, field value: ${v} is not a finite number`);
  const shown = asDisplayed(v, typeof x.z === 'string' ? x.z : undefined);
  const notes = shown.note === null ? [] : [shown.note];
  if (x.f) notes.push(`the workbook's own formula =${x.f}; its stored result is published`);
  return { value: shown.value, notes };
}

export const decimalsOf = (v: number): number => (String(v).split('.')[1] ?? '').length;

/**
 * Rounds half away from zero on the number's decimal digits, as a spreadsheet displays it: shifting
 * by the exponent of its decimal text keeps 10957.55 at 109575.5 (10957.55 * 10 is 109575.49999...,
 * which Math.round would take down to 10957.5 where the table shows 10957.6).
 */
export function roundTo(value: number, decimals: number): number {
  if (/e/u.test(String(value))) return Math.round(value * 10 ** decimals) / 10 ** decimals;
  const shifted = Math.round(Math.abs(Number(`${Math.abs(value)}e${decimals}`)));
  return Math.sign(value) * Number(`${shifted}e-${decimals}`);
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
