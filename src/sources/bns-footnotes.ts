// Footnotes of the Bureau's tables, each on exactly the values it covers. Where its marker is glued
// says where a footnote starts: the table's title (every value of the table), a period header (that
// column), a row label (that row), a value (that cell). Its own words can narrow that reach (the
// places and years it names: "Данные за 2000-2017 гг.", "По Туркестанской и город Шымкент") or
// widen it ("Hereinafter ...": the marked column and every later one). Those words are declared per
// footnote (FootnoteScope) and the build checks that the footnote says them, so a changed table
// fails instead of moving a note. A footnote that reaches no published value fails the build too: it
// would be printed by the Bureau and carried by no observation. A footnote that calls its values
// estimates makes them status `estimate` (SDMX OBS_STATUS E); one that says its values are in
// another unit ("of roubles") gives them that unit.
import type { Point } from './records.js';

export interface FootnoteScope {
  /** The footnote's key as the table prints it ("1)", "*", "2018*"). */
  key: string;
  /** The words of the footnote that state its reach (checked against its text). */
  says: RegExp;
  /** Only these places (the footnote names them). */
  places?: readonly string[];
  /** Words of the footnote naming each place, in the order of `places`. */
  named?: readonly string[];
  /** Only periods starting in these years (inclusive; `null` end: "and from then on"). */
  years?: readonly (readonly [number, number | null])[];
  /** "Hereinafter": from the column that carries the marker on, not that column alone. */
  hereinafter?: true;
  /** The table prints no marker for it (a note under the table): it reaches the whole table, narrowed as above. */
  unmarked?: true;
  /** Only these codes of a dimension ("по типу местности": area U and R). */
  dimensions?: Readonly<Record<string, readonly string[]>>;
  /** Only these indicators (a footnote marked nowhere whose words are about one row's indicator: the youth ages under a NEET row). */
  metrics?: readonly string[];
  /** The footnote says its values are estimates. */
  estimate?: true;
  /**
   * The footnote says its values are in another unit than their indicator's ("1990-1992 - of roubles"):
   * the indicator's unit -> the unit of the values it reaches, each value published in its own unit.
   */
  units?: Readonly<Record<string, string>>;
  /** Dala's reading of the footnote, published after its text (how the values are to be read). */
  explains?: string;
  /**
   * Only the table of this sheet: the workbook's sheets print the same key with other words (the
   * Social Code table's "*" is the Social Code on one sheet, the Law on employment on another).
   */
  sheet?: string;
}

/** A cell of a table with the footnote keys its title, header, label and value carry. */
export interface MarkedCell extends Point {
  markers: string[];
  /** The table the cell belongs to (footnotes are per table). */
  table: number;
  /** Index of its period column in the table's order (for "hereinafter"). */
  column: number;
  where: string;
}

const year = (p: Point) => Number(p.period_start.slice(0, 4));

function covers(scope: FootnoteScope | undefined, cell: MarkedCell): boolean {
  if (scope?.places !== undefined && !scope.places.includes(cell.place)) return false;
  if (scope?.metrics !== undefined && !scope.metrics.includes(cell.metric)) return false;
  for (const [id, codes] of Object.entries(scope?.dimensions ?? {}))
    if (!codes.includes((cell.dimensions as Record<string, string> | undefined)?.[id] ?? '')) return false;
  if (scope?.years !== undefined)
    return scope.years.some(([from, to]) => year(cell) >= from && (to === null || year(cell) <= to));
  return true;
}

/**
 * Checks every declared footnote against the table's text, then notes each value with the footnotes
 * that reach it (and marks estimates). `footnotes[t]` are table t's footnotes, key -> text, and
 * `sheets[t]` its sheet's name where the tables are a workbook's sheets; `consumed` are keys another
 * rule already applied (a footnote that moves a row's values to a former region is said in that move's note).
 */
export function applyFootnotes(
  path: string,
  cells: MarkedCell[],
  footnotes: readonly Map<string, string>[],
  scopes: readonly FootnoteScope[],
  consumed: ReadonlySet<string> = new Set(),
  sheets?: readonly string[],
): void {
  for (const s of scopes)
    if (s.sheet !== undefined && !sheets?.includes(s.sheet))
      throw new Error(`${path}: footnote "${s.key}" is declared for the sheet "${s.sheet}", which the table does not read`);
  // a key's scope in a table: the one declared for its sheet, else the one declared for every sheet
  const scopeOf = (key: string, table: number) =>
    scopes.find((s) => s.key === key && s.sheet !== undefined && s.sheet === sheets?.[table]) ??
    scopes.find((s) => s.key === key && s.sheet === undefined);
  // the same key under each sheet's table (one table's "1)" is another's other note): each text says its scope's words
  const checked = new Set<FootnoteScope>();
  footnotes.forEach((own, table) => {
    for (const [key, text] of own) {
      const s = scopeOf(key, table);
      if (s === undefined) continue;
      checked.add(s);
      if (!s.says.test(text)) throw new Error(`${path}: footnote "${key} ${text}" does not say ${String(s.says)}`);
      for (const word of s.named ?? [])
        if (!text.includes(word)) throw new Error(`${path}: footnote "${key} ${text}" does not name "${word}"`);
    }
  });
  for (const s of scopes)
    if (!checked.has(s)) throw new Error(`${path}: no footnote "${s.key}"${s.sheet === undefined ? '' : ` on the sheet "${s.sheet}"`}`);
  // "Hereinafter": the first column of each table whose header carries the key.
  const firstColumn = new Map<string, number>();
  for (const c of cells)
    for (const key of c.markers) {
      const k = `${c.table}|${key}`;
      if (scopeOf(key, c.table)?.hereinafter && c.column < (firstColumn.get(k) ?? Infinity))
        firstColumn.set(k, c.column);
    }
  const reached = new Set<string>();
  const converted = new Set<string>(); // footnote keys that gave a value its own unit
  for (const cell of cells) {
    const own = footnotes[cell.table]!;
    for (const key of cell.markers)
      if (!own.has(key)) throw new Error(`${cell.where}: footnote marker "${key}" without a footnote in the table`);
    if (cell.value === null) continue;
    const keys = [...own.keys()].filter((key) => {
      const scope = scopeOf(key, cell.table);
      const start = firstColumn.get(`${cell.table}|${key}`);
      const marked =
        scope?.unmarked === true || cell.markers.includes(key) || (start !== undefined && cell.column >= start);
      return marked && covers(scope, cell);
    });
    const notes: string[] = [];
    for (const key of keys) {
      const scope = scopeOf(key, cell.table);
      reached.add(`${cell.table}|${key}`);
      notes.push(`footnote ${key} of the table: ${own.get(key)!}${scope?.explains ? ` (${scope.explains})` : ''}`);
      if (scope?.estimate && cell.status === 'final') cell.status = 'estimate';
      const unit = scope?.units?.[cell.unit];
      if (unit !== undefined) {
        cell.unit = unit;
        converted.add(key);
      }
    }
    if (notes.length > 0) cell.note = cell.note === null ? notes.join('; ') : `${notes.join('; ')}; ${cell.note}`;
  }
  for (const s of scopes)
    if (s.units !== undefined && !converted.has(s.key))
      throw new Error(`${path}: footnote "${s.key}" declares the units its values are in, but reaches no value of ${Object.keys(s.units).join(', ')}`);
  footnotes.forEach((own, table) => {
    for (const [key, text] of own)
      if (!reached.has(`${table}|${key}`) && !consumed.has(key))
        throw new Error(`${path}: footnote "${key} ${text}" reaches no published value: give it its scope (bns-footnotes.ts)`);
  });
}
