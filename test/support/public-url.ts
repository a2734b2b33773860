// What the tests of a release's public URL share: the host the project must never name, and how a
// release's manifest says whether it was built with a public URL (DALA_PUBLIC_URL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { releasedTexts } from './released-files.js';

/** The host the project once defaulted to, which it does not control. */
export const FOREIGN = 'dala.kz';
/** The public URL the release built with one is built with. */
export const CONFIGURED = 'https://data.example.kz';

/** How many released files were read (`only` picks them by path), and those whose text names FOREIGN. */
export async function foreignNamers(
  releaseDir: string,
  only?: (path: string) => boolean,
): Promise<{ files: number; naming: string[] }> {
  let files = 0;
  const naming: string[] = [];
  for await (const { path, text } of releasedTexts(releaseDir, only)) {
    files++;
    if (text.includes(FOREIGN)) naming.push(path);
  }
  return { files, naming };
}

export const manifestOf = (releaseDir: string) =>
  JSON.parse(readFileSync(join(releaseDir, 'data/release-manifest.json'), 'utf8')) as {
    public_url: string | null;
    public_url_note?: string;
    permalink: string;
    revision: string;
  };
