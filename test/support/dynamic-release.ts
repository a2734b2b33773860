// A declared dynamic table of the Bureau (sources/datasets/, reader kind dynamic-table) beside the
// production app serving the real release: its parts read raw by their shape, as the build reads
// them, and what /api/v1 answers for the indicator, place, period and breakdown a raw cell maps to.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { readDynamicTable, type DynamicCell } from '../../src/sources/bns-dynamic-table.js';
import { tableSpecOf, type DynamicPointsPart } from '../../src/sources/bns-dynamic-points.js';
import { loadRegistry } from '../../src/sources/registry/load.js';
import type { DynamicTableReader } from '../../src/sources/registry/reader-schemas.js';
import { servedRealRelease } from './real-app.js';

/** The declared reader of a source's dynamic table and its snapshot's path. */
export async function declaredTable(sourceId: string) {
  const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
  const table = registry.tables.find((t) => t.source.id === sourceId);
  assert.ok(table, `no table of source ${sourceId}`);
  return {
    reader: table.reader as DynamicTableReader,
    file: join(snapshotsDir(), table.snapshots[0]!),
  };
}

/** A declared part of a source's table and its cells, read raw by its shape. */
export async function declaredPart(sourceId: string, index = 0) {
  const { reader, file } = await declaredTable(sourceId);
  const part = reader.parts[index]! as DynamicPointsPart;
  return { part, reader, raw: await readDynamicTable(file, tableSpecOf(part)) };
}

/** The cell at an address of a part's raw cells. */
export function cellAt(cells: readonly DynamicCell[], address: string): DynamicCell {
  const c = cells.find((x) => x.address === address);
  assert.ok(c, `no cell ${address}`);
  return c;
}

/** The app on the real release (a rate limit no test meets), with the v1 reads the dynamic-table tests make. */
export function servedDynamicTables() {
  const served = servedRealRelease({ rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } });
  /** The one observation of an indicator at a place and period (and breakdown). */
  const observation = async (
    indicator: string,
    place: string,
    period: string,
    dimensions: Record<string, string> = {},
  ) => {
    const q = new URLSearchParams({ indicator, place, period, ...dimensions });
    const body = await served.json(`/api/v1/observations?${q}`);
    assert.equal(
      body.data.length,
      1,
      `${indicator} ${place} ${period}: ${body.data.length} observations`,
    );
    return body.data[0];
  };
  const indicator = async (id: string) =>
    (await served.json(`/api/v1/indicators/${encodeURIComponent(`indicator:${id}`)}`)).data;
  /**
   * Every published cell of a declared part equals what v1 answers for it (a null with its reason);
   * returns how many were compared. Rows, blocks and columns read and checked but not published are
   * left out, as the build leaves them.
   */
  const compareEveryCell = async (sourceId: string, index = 0) => {
    const { part, reader, raw } = await declaredPart(sourceId, index);
    let compared = 0;
    for (const c of raw.cells) {
      const block = part.blocks[Number(c.block)]!;
      const sub = c.sub === null || part.placesAcross ? undefined : part.subColumns?.[c.sub];
      if (
        part.skip?.includes(c.label) ||
        block.skip ||
        sub?.skip ||
        sub?.skipRows?.includes(c.label)
      )
        continue;
      const id = sub?.metric ?? block.metric ?? (sub?.rows ?? block.rows!)[c.label]!;
      const place = part.placesAcross
        ? reader.places![c.sub!]!
        : block.metric && !part.yearsDown
          ? reader.places![c.label]!
          : (part.place ?? 'KZ');
      const period = block.atEnd ? c.period.period_end : c.period.period;
      const o = await observation(id, place, period, {
        ...block.dimensions,
        ...sub?.dimensions,
        ...block.rowDimensions?.[c.label],
      });
      assert.equal(o.value, c.value, `${part.sheet}!${c.address} (${c.label}, ${c.header})`);
      if (c.value === null)
        assert.ok(o.null_reason, `${part.sheet}!${c.address} null without a reason`);
      compared++;
    }
    return compared;
  };
  return { ...served, observation, indicator, compareEveryCell };
}
