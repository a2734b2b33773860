// The declaration of a dynamic table's shape (bns-dynamic-table.ts reads a sheet by it; the registry's
// schema, registry/dynamic-table-schema.ts, validates it), apart from the reader so that the reader's
// parts (bns-dynamic-header.ts ...) take the declaration without importing the reader.
import type { CellMisprint } from './bns-dynamic-misprints.js';
import type { PeriodsAre } from './bns-dynamic-periods.js';

export interface DynamicBlock {
  /** The heading row that opens the block (whole label, spaces collapsed); null: the rows right under the header. */
  heading: string | null;
  /** What the block is, in the declaration's words (a base of an index, a measure). */
  id: string;
  /**
   * The group heading the block sits under, when the same base heading repeats under several groups
   * ("Goods and services", then "at the end of the period, by December ..."; "Food products", then
   * the same two bases): a valueless row naming a group opens it, and a block heading counts only
   * under its own group.
   */
  within?: string;
  /**
   * The rows under the n-th header of a sheet whose header repeats (0 the first), when the table prints
   * no heading for them (the youth table's employees: a unit row, then the years again).
   */
  segment?: number;
}

export interface DynamicTableSpec {
  sheet: string;
  periods: PeriodsAre;
  blocks: DynamicBlock[];
  /** Rows of column A that are neither data, headings nor footnotes (a repeated title, "continuation"). */
  ignore?: string[];
  /** Keys glued to values that the table never prints a footnote for ("76659,210)": note 10 of nine printed). */
  unprintedKeys?: string[];
  /** The column of the row labels and block headings (0 = A); columns before it hold labels in another language. */
  labelColumn?: number;
  /** Header rows repeat down the sheet: a row with no label and period cells gives the columns of the rows under it. */
  repeatedHeaders?: true;
  /** Month names across: the months of this year (the title names it, or the row under the months: "2008 year"). */
  monthsOf?: number;
  /** Month names across and a year in the label column of each row ("2016", then its twelve months): each cell the month of its row's year. */
  yearsDown?: true;
  /** Places as column groups over the parts of one year (the year alone above them: 2024 in the label column, or "2010 year" right of it; with repeatedHeaders a block of rows under each year): each cell's place is its `sub`. */
  placesAcross?: true;
  /** Footnotes printed without their key under the table, by key: the start of their text ("*": "The source of the weight components"). */
  keylessFootnotes?: Record<string, string>;
  /** Block headings printed in the value columns, the label column empty: in the first (the PPI by region), or the same over each group of columns (the self-employed by status: "Male"). */
  headingsInValues?: true;
  /**
   * Keys glued to row labels that are not this sheet's footnotes: the labels were copied from another
   * sheet (labour productivity indices against 2019 and 2022 keep "Real estate activities 1)", while
   * this sheet's footnote 1 says 2023 was republished). Cut from the label, said on its values, never applied.
   */
  labelKeysNotHere?: string[];
  /**
   * Keys glued to a row label before its unit ("Youth unemployment rate (at the age of 15-24 years)1), %",
   * "The average duration of unemployment3), months"): cut from there, the unit kept in the label.
   */
  keysBeforeUnit?: true;
  /**
   * Several columns under each year, named by the rows between the year header and the first label
   * ("Total", "male", "female"; "Unobserved economy", "including illegal"): the names the table prints, joined down the rows.
   */
  subColumns?: string[];
  /** The column of the title, when it is not the label column ("Self-employed population by economic activity1)" in B1). */
  titleColumn?: number;
  /** Labels of rows that break down the row above them ("CIS countries" under each product): read as "<that row> / <label>". */
  subRows?: string[];
  /** Periods down the rows and series across, a year alone in column A and its months under it (bns-dynamic-down.ts). */
  periodsDown?: true;
  /** A column left of the labels holding the rows' codes, some stored as numbers (NACE "422121100" beside its name). */
  codeColumn?: number;
  /** Misprinted header cells by their text, read as meant ("I quarterone)": "I quarter1)"), said on the values. */
  headerMisprints?: Record<string, string>;
  /** The label of the first row after the table (a bulletin's number over its authors' names and phones): it and the rows under it are never read. */
  endsAt?: string;
  /**
   * The header of a column of words right of the periods saying how each row's indicator is computed
   * ("Methodology for calculating the indicator (international standards)"): read as text, never a value.
   */
  methodologyColumn?: string;
  /** Value cells the table misprints, by address ("Q46": "63,,4" meant 63.4): read so, the raw cell named on the value. */
  cellMisprints?: Record<string, CellMisprint>;
  /** Cells that are no data, by address, with the content each holds (a 0 right of the methodology column). */
  strayCells?: Record<string, string | number>;
  /** Rows that print their unit in every cell, by label ("15 МРП": the unit "МРП"). */
  unitInCells?: Record<string, string>;
}
