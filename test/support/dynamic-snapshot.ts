// The Bureau's dynamic tables as staged (bns-dynamic/, found through DALA_SNAPSHOTS as the build finds
// them) and a cell of a table read raw, for the tests of the shape reader.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { snapshotsDir } from '../../src/lib/config.js';
import type { DynamicCell } from '../../src/sources/bns-dynamic-table.js';

/** A staged dynamic table's path. */
export const file = (name: string) => join(snapshotsDir(), 'bns-dynamic', name);

/** The cell at an address (in a block, when the sheet has several with the same addresses). */
export const at = (cells: DynamicCell[], address: string, block?: string) => {
  const c = cells.find((x) => x.address === address && (block === undefined || x.block === block));
  assert.ok(c, `no cell ${address}`);
  return c;
};
