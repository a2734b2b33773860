// An open-sdg table read once per build: the registry derives its indicators from it when it loads
// (load.ts) and the build reads its points (src/model/read-tables.ts), so both take one reading of
// the repository, made from the declaration's reader parameters and the verified snapshot resolver.
import { readFile } from 'node:fs/promises';
import { readOpenSdg, type OpenSdgRead } from '../open-sdg-table.js';
import type { OpenSdgReader } from './open-sdg-schema.js';

const readings = new Map<string, Promise<OpenSdgRead>>();

/**
 * The repository a table's one snapshot (a directory, `kazstat-sdg/`) holds, read with its reader's
 * parameters; its points cite `sourceId`.
 */
export async function readOpenSdgTable(
  snapshot: (path: string) => string,
  snapshots: string[],
  reader: OpenSdgReader,
  sourceId: string,
): Promise<OpenSdgRead> {
  const [root] = snapshots;
  if (snapshots.length !== 1 || !root!.endsWith('/'))
    throw new Error(`the open-sdg reader reads one snapshot directory (a path ending in "/"), ${snapshots.length} declared`);
  const key = JSON.stringify([snapshot(root!), reader]);
  let reading = readings.get(key);
  if (!reading) {
    const { kind: _kind, ...params } = reader;
    reading = readOpenSdg(
      { read: (path) => readFile(snapshot(`${root}${path}`), 'utf8'), dataDir: snapshot(`${root}data`) },
      {
        ...params,
        // the schema fixes a range's shape ([from, to]); FromSchema cannot type a tuple
        recodes: params.recodes.map(({ years, ...r }) => ({
          ...r,
          ...(years === undefined ? {} : { years: [years[0] as number, years[1] as number] }),
        })),
        root: root!.replace(/\/$/, ''),
        source_id: '',
      },
    );
    readings.set(key, reading);
  }
  const read = await reading;
  return { indicators: read.indicators, points: read.points.map((p) => ({ ...p, source_id: sourceId })) };
}
