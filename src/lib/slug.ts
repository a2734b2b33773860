// The one slug rule: what a slug may be (the /data/ path parameter pattern, the hand tables' slugs,
// the published files' slug fields) and how a name becomes one (its Latin key, words joined by '-').
import { latinKey } from './text-normalise.js';

export const SLUG_PATTERN = '^[a-z0-9-]+$';

/** A name's slug: "Nurlan Nogayev" -> "nurlan-nogayev"; Kazakh and Russian letters transliterated. */
export const slugOf = (name: string): string => latinKey(name).replace(/ /g, '-');
