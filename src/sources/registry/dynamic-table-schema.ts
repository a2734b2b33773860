// The parameters of the dynamic-table reader (one of the reader kinds of reader-schemas.ts), and the
// types its reader takes (src/sources/bns-dynamic-spec.ts derives them from this schema).
import type { FromSchema } from 'json-schema-to-ts';
import { nonEmpty } from '../table-schemas.js';
import { metric, place, year, dimensions, kind, suspicious, footnotes } from './reader-parts.js';

// The Bureau's dynamic tables (src/sources/bns-dynamic-points.ts): sheets with periods across, rows in
// blocks; a block is one indicator whose rows are places (`places`), or rows that are indicators.
export const dynamicTableReader = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'parts'],
  properties: {
    kind: kind('dynamic-table'),
    parts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sheet', 'periods', 'blocks'],
        properties: {
          sheet: nonEmpty,
          // flows: a year, a quarter, a total from 1 January; end-of-period: instants (31 December)
          periods: { enum: ['flows', 'end-of-period'] },
          blocks: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['heading'],
              properties: {
                // the heading row that opens the block (whole label, spaces collapsed); null: the rows right under the header
                heading: { type: ['string', 'null'], minLength: 1 },
                // the group heading the block sits under, when the same heading repeats under several groups
                // ("Food products", then the same two bases): a block heading counts only under its own group
                within: nonEmpty,
                // the rows under the n-th repeated header (0 the first), when the table prints no heading for them
                segment: { type: 'integer', minimum: 1 },
                // one of: the block's indicator (rows are places), or rows that are indicators
                metric,
                rows: { type: 'object', additionalProperties: metric },
                dimensions,
                // a row's breakdown by its label (an indicator's rows "Total", "Men", "Women" under its heading)
                rowDimensions: { type: 'object', additionalProperties: dimensions },
                // values at the end of the period in a sheet of flows: each column's end as an instant
                atEnd: { const: true },
                // a year column's value is its IV quarter ("IV quarter to IV quarter of the previous year")
                fourthQuarter: { const: true },
                // read and checked, not published: the model has no key for its periods
                skip: { const: true },
              },
            },
          },
          // the place of a part whose rows are indicators (default: the country)
          place,
          // rows of the label column that are neither data, headings nor footnotes (a repeated title, "continuation")
          ignore: { type: 'array', items: nonEmpty },
          // keys glued to values that the table never prints a footnote for ("76659,210)": note 10 of nine printed)
          unprintedKeys: { type: 'array', items: nonEmpty },
          // rows read and checked but not published (no indicator declared for them yet)
          skip: { type: 'array', items: nonEmpty },
          // the column of the labels and headings (1: column B, beside the Russian label in A)
          labelColumn: { type: 'integer', minimum: 0, maximum: 3 },
          // the period header repeats down the sheet (years as row blocks; a heading, then the months again)
          repeatedHeaders: { const: true },
          // month names across: the months of the one year the title names
          monthsOf: year,
          // block headings in the value columns, the label column empty (in the first, or over each group of columns)
          headingsInValues: { const: true },
          // keys glued to row labels that are not this sheet's footnotes (labels copied from another sheet)
          labelKeysNotHere: { type: 'array', items: nonEmpty },
          // keys glued to a row label before its unit ("...years)1), %")
          keysBeforeUnit: { const: true },
          // the column of the title when it is not the label column (its glued key reaches every value)
          titleColumn: { type: 'integer', minimum: 0, maximum: 3 },
          // the periods down the rows (a year alone in column A, its months under it), the series across under header rows
          periodsDown: { const: true },
          // a column left of the labels holding the rows' codes, some stored as numbers (NACE 422121100)
          codeColumn: { type: 'integer', minimum: 0, maximum: 2 },
          // a column left of the labels naming the group of rows under it, printed on the group's first row only
          // (the sector in A over its measures in B): each row read as "<group> / <label>"
          groupColumn: { type: 'integer', minimum: 0, maximum: 2 },
          // a column right of the labels printing each row's unit in words ("mln.tenge", "%"): never a value
          unitColumn: { type: 'integer', minimum: 1, maximum: 4 },
          // labels of rows that break down the row above them ("CIS countries" under each product): read as "<that row> / <label>"
          subRows: { type: 'array', minItems: 1, items: nonEmpty },
          // header cells the table misprints, by their printed text, and what they mean ("I quarterone)": "I quarter1)")
          headerMisprints: { type: 'object', additionalProperties: nonEmpty },
          // the label of the first row after the table (a bulletin's number over its authors' names): never read
          endsAt: nonEmpty,
          // month names across and a year in the label column of each row: each cell the month of its row's year
          yearsDown: { const: true },
          // places as column groups over the parts of one year, the year alone above them (2024 in the label
          // column, or "2010 year" right of it); with repeatedHeaders, a block of rows under each year
          placesAcross: { const: true },
          // footnotes printed without their key under the table: key -> the start of their text
          keylessFootnotes: { type: 'object', additionalProperties: nonEmpty },
          // words of the title saying every value is an estimate ("(estimated data)"): each value's status is estimate
          estimatesByTitle: nonEmpty,
          // the header of a column of words saying how each row's indicator is computed: text, never a value
          methodologyColumn: nonEmpty,
          // cells that are no data, by address, with the content each holds (a 0 right of the methodology column)
          strayCells: {
            type: 'object',
            propertyNames: { pattern: '^[A-Z]{1,3}[1-9][0-9]*$' },
            additionalProperties: { anyOf: [nonEmpty, { type: 'number' }] },
          },
          // the cells of these years whose key another sheet of the table publishes (a sheet of 1998-2009
          // beside one of 2007-2009): read, checked equal to that sheet's, published from there only
          overlap: {
            type: 'object',
            additionalProperties: false,
            required: ['sheet', 'years'],
            properties: { sheet: nonEmpty, years: { type: 'array', prefixItems: [year, year], minItems: 2, maxItems: 2 } },
          },
          // cells above the header printing the unit of the columns from theirs on to the next one ("mln. rubles"
          // over 1990-1992, "mln. tenge" from 1993), by address: the text printed (checked) and the unit
          // its values are in, by their indicator's unit
          unitCells: {
            type: 'object',
            propertyNames: { pattern: '^[A-Z]{1,3}[1-9][0-9]*$' },
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              required: ['printed'],
              properties: { printed: nonEmpty, units: { type: 'object', minProperties: 1, additionalProperties: nonEmpty } },
            },
          },
          // rows that print their unit in every cell ("15 МРП"), by label: the unit
          unitInCells: { type: 'object', additionalProperties: nonEmpty },
          // value cells the table misprints, by address ("Q46": "63,,4" meant 63.4): the text printed, the number meant and why
          cellMisprints: {
            type: 'object',
            propertyNames: { pattern: '^[A-Z]{1,3}[1-9][0-9]*$' },
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              required: ['printed', 'meant', 'why'],
              properties: { printed: nonEmpty, meant: { type: 'number' }, why: nonEmpty },
            },
          },
          // the columns under each year by their printed name: each an indicator (metric, or rows replacing the block's) or a breakdown
          subColumns: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              properties: {
                metric,
                rows: { type: 'object', additionalProperties: metric },
                dimensions,
                // read and checked, not published: another table's values (the column, or some of its rows)
                skip: { const: true },
                skipRows: { type: 'array', items: nonEmpty },
              },
            },
          },
        },
      },
    },
    // row label (its glued footnote key cut) -> place
    places: { type: 'object', additionalProperties: place },
    footnotes,
    moves: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['footnote', 'from', 'years', 'to', 'note'],
        properties: {
          footnote: nonEmpty,
          from: place,
          years: { type: 'array', prefixItems: [year, year], minItems: 2, maxItems: 2 },
          to: place,
          note: nonEmpty,
        },
      },
    },
    suspicious,
  },
} as const;

export type DynamicTableReader = FromSchema<typeof dynamicTableReader>;
