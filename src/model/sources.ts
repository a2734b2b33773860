// Logical sources that figures cite, as the registry declares them (src/sources/registry): each
// table's source and the reference sources. Their revision is derived from the pinned files' sha256,
// so a figure's `source.revision` changes exactly when its input bytes change.
import { canonicalHash } from '../lib/hash.js';
import type { Registry } from '../sources/registry/load.js';
import type { SourcePassport } from './types.js';
import type { SourceDef } from './model.js';

/** Builds the source list; `tableHashes` maps a sources/ table path (or a package) to its sha256 (or version). */
export function buildSources(
  registry: Registry,
  passports: SourcePassport[],
  tableHashes: Record<string, string>,
): SourceDef[] {
  return registry.sources.map(({ snapshots, tables = [], ...def }) => {
    const own = snapshots.map((path) => {
      const passport = passports.find((p) => p.path === path);
      if (!passport)
        throw new Error(
          `source ${def.id}: no passport for snapshot ${path} (sources/passports.json)`,
        );
      return passport;
    });
    const files = [...own.map((p) => p.path), ...tables];
    const hashes = [...own.map((p) => p.sha256), ...tables.map((t) => tableHashes[t] ?? t)];
    return { ...def, files, revision: canonicalHash(hashes).slice(0, 16) };
  });
}
