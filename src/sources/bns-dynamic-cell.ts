// One cell of the Bureau's dynamic tables (snapshots bns-dynamic/*, their traps in its NOTES.md), read
// exactly as the table prints it. The workbooks store numbers as numbers, or as TEXT with a decimal
// comma or dot, thousands separated by a space ("160 000"), padded with spaces or no-break spaces
// ("4368,1 ", "4368,1\u00a0"), and with a footnote key glued to the end ("100.01)" = 100.0 with note
// 1), "1293,86)" = 1293,8 with note 6), "160 0005)" = 160 000 with note 5), "107,6*"). A digit
// before ")" at the end is a footnote, not part of the value: which digits are the key is decided by
// the keys the table itself prints below it (the longest glued suffix that is one of them), never by
// guessing decimals. "…" (U+2026) and "..." (three full stops) both mean "not available"; "-" means
// no case (the unit did not exist); "X" / "x" confidential.
import type * as XLSX from '@e965/xlsx';
import { numberCell } from './bns-grid-checks.js';

export interface DynamicValue {
  value: number | null;
  /** Why the value is null, in the words of the Bureau's conventions; null when there is a value. */
  nullReason: string | null;
  /** Footnote keys glued to the number ("1)" from "100.01)", "*" from "78.8*"). */
  markers: string[];
  /** What reading the cell changed or found (a text number, a glued key, displayed decimals). */
  notes: string[];
}

export const EMPTY_CELL = 'empty cell in the source table';
export const NOT_AVAILABLE = (shown: string) => `source cell "${shown}": not available (the Bureau's convention)`;
export const NO_CASE = 'source cell "-": no case, or the unit did not exist then';
export const CONFIDENTIAL = 'source cell "X": confidential (the Bureau\'s convention)';

// spaces of every kind the Bureau pads text numbers with: space, no-break space, narrow no-break space
const PAD = /^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/gu;
// an integer part, with or without groups of three digits separated by a space
const INTEGER = String.raw`-?(?:\d{1,3}(?:[ \u00a0]\d{3})+|\d+)`;
const TEXT_NUMBER = new RegExp(`^(${INTEGER})(?:[.,](\\d+))?$`, 'u');

/** A footnote key as printed: "1)" or its superscript form "1⁾", or asterisks. */
export function normaliseKey(key: string): string {
  return key.replace(/\u207e/gu, ')');
}

/**
 * Reads one cell. `keys` are the footnote keys the table prints ("1)", "2)", "*"), which decide how many
 * glued digits are a key; `where` names the file, sheet and cell in a build error.
 */
export function readDynamicCell(x: XLSX.CellObject | undefined, keys: ReadonlySet<string>, where: string): DynamicValue {
  const out: DynamicValue = { value: null, nullReason: null, markers: [], notes: [] };
  if (x === undefined || x.t === 'z' || (x.t === 's' && String(x.v).replace(PAD, '') === '')) {
    out.nullReason = EMPTY_CELL;
    return out;
  }
  if (x.t === 'n') return { ...out, ...numberCell(x, where) };
  if (x.t !== 's') throw new Error(`${where}, field value: unexpected cell ${JSON.stringify(x.v)}`);
  const raw = String(x.v);
  const t = raw.replace(PAD, '');
  if (t === '…' || t === '...') {
    out.nullReason = NOT_AVAILABLE(t);
    return out;
  }
  if (t === '-') {
    out.nullReason = NO_CASE;
    return out;
  }
  if (t === 'X' || t === 'x') {
    out.nullReason = CONFIDENTIAL;
    return out;
  }
  const parsed = splitGluedKey(t, keys);
  if (parsed === null)
    throw new Error(`${where}, field value: expected a number, "…", "...", "-" or "X", found ${JSON.stringify(raw)}`);
  out.value = parsed.value;
  out.markers.push(...parsed.keys);
  out.notes.push(
    parsed.keys.length === 0
      ? `the cell holds the text ${JSON.stringify(raw)}: the number ${parsed.number}`
      : `the cell holds the text ${JSON.stringify(raw)}: the number ${parsed.number} with footnote${parsed.keys.length > 1 ? 's' : ''} ${parsed.keys.join(' ')} glued to it`,
  );
  return out;
}

/**
 * "100.01)" -> 100.0 and "1)"; "180663)6)" -> 18066 and "3)", "6)"; "107,6*" -> 107.6 and "*"; a plain
 * text number has no key. Null: not a number.
 */
export function splitGluedKey(t: string, keys: ReadonlySet<string>): { value: number; number: string; keys: string[] } | null {
  const plain = asNumber(t);
  if (plain !== null) return { ...plain, keys: [] };
  const star = /^(.*?)(\*+)$/u.exec(t);
  if (star) {
    const n = asNumber(star[1]!.replace(PAD, ''));
    return n === null ? null : { ...n, keys: [star[2]!] };
  }
  const glued = /^(.*?)(\d+)[)\u207e]$/u.exec(t);
  if (!glued) return null;
  const [, head, digits] = glued as unknown as [string, string, string];
  // the longest suffix of the digits that is a key the table prints; the rest stays with the number
  for (let k = digits.length; k >= 1; k--) {
    const key = `${digits.slice(digits.length - k)})`;
    if (!keys.has(key)) continue;
    const rest = splitGluedKey((head + digits.slice(0, digits.length - k)).replace(PAD, ''), keys);
    if (rest !== null && !rest.keys.includes('*')) return { ...rest, keys: [...rest.keys, key] };
  }
  return null;
}

function asNumber(t: string): { value: number; number: string } | null {
  const m = TEXT_NUMBER.exec(t);
  if (!m) return null;
  const integer = m[1]!.replace(/[ \u00a0]/gu, '');
  const number = m[2] === undefined ? integer : `${integer}.${m[2]}`;
  return { value: Number(number), number: m[1]! + (m[2] === undefined ? '' : `${t[m[1]!.length]}${m[2]}`) };
}

/**
 * A cell of a row that prints its unit in every cell ("15 МРП": 15 monthly calculation indices), the
 * unit declared for the row: the number before it, with a note; any other text fails the build.
 */
export function readUnitCell(x: XLSX.CellObject | undefined, unit: string, keys: ReadonlySet<string>, where: string): DynamicValue {
  if (x?.t !== 's' || !String(x.v).replace(PAD, '').endsWith(` ${unit}`)) return readDynamicCell(x, keys, where);
  const raw = String(x.v);
  const n = asNumber(raw.replace(PAD, '').slice(0, -unit.length - 1).replace(PAD, ''));
  if (n === null) throw new Error(`${where}, field value: expected a number before "${unit}", found ${JSON.stringify(raw)}`);
  return { value: n.value, nullReason: null, markers: [], notes: [`the cell holds the text ${JSON.stringify(raw)}: the number ${n.number} in the unit the row prints, "${unit}"`] };
}
