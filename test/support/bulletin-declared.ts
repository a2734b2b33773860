// A declared regional bulletin of the Bureau (sources/datasets/, reader kind bulletin-table): its
// reader's parameters, its snapshot, and each declared sheet read raw by its shape, as the build reads it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { readBulletinTable } from '../../src/sources/bns-bulletin-table.js';
import { bulletinSpecOf, type BulletinPointsPart } from '../../src/sources/bns-bulletin-points.js';
import { loadRegistry } from '../../src/sources/registry/load.js';
import type { BulletinTableReader } from '../../src/sources/registry/reader-schemas.js';

/** The declared reader of a source's bulletin and its snapshot's path. */
export async function declaredBulletin(sourceId: string) {
  const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
  const table = registry.tables.find((t) => t.source.id === sourceId);
  assert.ok(table, `no table of source ${sourceId}`);
  return {
    reader: table.reader as BulletinTableReader,
    file: join(snapshotsDir(), table.snapshots[0]!),
    indicators: table.indicators,
  };
}

/** A declared sheet of a source's bulletin and its cells, read raw by its shape. */
export async function declaredSheet(sourceId: string, sheet: string) {
  const { reader, file } = await declaredBulletin(sourceId);
  const part = reader.parts.find((p) => p.sheet === sheet) as BulletinPointsPart | undefined;
  assert.ok(part, `no declared sheet "${sheet}"`);
  return { part, reader, raw: await readBulletinTable(file, bulletinSpecOf(part, reader.places)) };
}
