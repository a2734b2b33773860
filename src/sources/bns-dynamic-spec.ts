// The declaration of a dynamic table's shape, as its reader takes it (bns-dynamic-table.ts reads a
// sheet by it): the types are the registry's schema's (registry/dynamic-table-schema.ts, where each
// option says what it is for), so an option is written once. A declared part is read whole by
// bns-dynamic-points.ts; the shape reader gets its blocks by index and its sub-columns by name
// (tableSpecOf there). Apart from the reader so that its parts (bns-dynamic-header.ts ...) take the
// declaration without importing the reader.
import type { DynamicTableReader } from './registry/dynamic-table-schema.js';

/** A part of a dynamic-table declaration: one sheet, its blocks and its shape options. */
export type DynamicPointsPart = DynamicTableReader['parts'][number];
/** A declared block: one indicator whose rows are places (`metric`), or rows that are indicators (`rows`). */
export type DynamicPointsBlock = DynamicPointsPart['blocks'][number];
/** The columns under each year, by the name the table prints: each its own indicator or a breakdown. */
export type DynamicSubColumn = NonNullable<DynamicPointsPart['subColumns']>[string];

/** A block as the shape reader sees it: where it opens, and its index in the declaration as `id`. */
export type DynamicBlock = Pick<DynamicPointsBlock, 'heading' | 'within' | 'segment'> & { id: string };

/** A part's shape: its options as declared, the blocks by index, the sub-columns by their printed names. */
export type DynamicTableSpec = Omit<DynamicPointsPart, 'blocks' | 'place' | 'skip' | 'subColumns' | 'estimatesByTitle' | 'overlap'> & {
  blocks: DynamicBlock[];
  subColumns?: string[];
};
