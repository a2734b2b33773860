// The sealed JSON Schema each /data/ file was validated against at build
// (evidence/validation.json), as a component of the interface document.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedRelease } from '../releases/release-types.js';
import type { Json } from './example-requests.js';

/** The sealed schema of each data/ file, from the build's validation evidence. */
export async function sealedSchemas(release: LoadedRelease): Promise<Map<string, string>> {
  try {
    const report = JSON.parse(
      await readFile(join(release.dir, 'evidence/validation.json'), 'utf8'),
    ) as { artifacts?: { path: string; schema: string }[] };
    return new Map((report.artifacts ?? []).map((a) => [a.path.replace(/^data\//, ''), a.schema]));
  } catch {
    return new Map();
  }
}

export const componentName = (schema: string) => 'Sealed_' + schema.replace(/[^A-Za-z0-9]+/g, '_');

export function sealedComponent(release: LoadedRelease, name: string): Json | null {
  const file = release.files.get(`schemas/${name}.schema.json`);
  if (!file) return null;
  const { $id, $schema: _dialect, ...schema } = JSON.parse(file.body.toString('utf8')) as Json;
  return {
    ...schema,
    description: `Sealed JSON Schema ${String($id ?? name)} (also served at /data/schemas/${name}.schema.json).`,
  };
}
