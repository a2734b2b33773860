// Russian row labels of the Bureau's regional tables ("Акмолинская", "г. Астана", "город Шымкент",
// "КЫЗЫЛОРДИНСКАЯ ОБЛАСТЬ") -> place code, through the project's region table (sources/regions.json
// name.ru and official_name.ru). The match is exact after a fixed normalisation (case, spaces, the
// words "область"/"город"/"г."), never a substring or fuzzy match, and never through the free-form
// aliases: those hold former names ("Южно-Казахстанская область") that belong to another place.
import type { Region } from './records.js';
import { normaliseLabel } from './homoglyphs.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from './bns-reforms.js';

/** Labels the region table cannot answer, each with the reason it maps where it does. */
const EXTRA_LABELS: readonly { label: string; place: string; why: string }[] = [
  { label: 'Республика Казахстан', place: 'KZ', why: 'the national row' },
  { label: 'Южно-Казахстанская', place: SOUTH_KAZAKHSTAN_LEGACY, why: 'the region abolished in June 2018 (split into Turkistan region and Shymkent)' },
  // Russian spellings of the Kazakh names of two 2022 regions, used by the Bureau's Russian tables
  { label: 'Жетысу', place: 'KZ-33', why: 'Russian spelling of Жетісу' },
  { label: 'Жетису', place: 'KZ-33', why: 'another Russian spelling of Жетісу (the schools table)' },
  { label: 'Улытау', place: 'KZ-62', why: 'Russian spelling of Ұлытау' },
  { label: 'Нур-Султан', place: 'KZ-71', why: 'the name of Astana from March 2019 to September 2022' },
];

/** Case, spacing and the administrative words removed; trailing footnote asterisks must be split off first. */
export function labelKey(label: string): string {
  return normaliseLabel(label.normalize('NFC'))
    .toLocaleLowerCase('ru')
    .replace(/^(г\.|город)\s*/u, '')
    .replace(/\s+область$/u, '')
    .replace(/^область\s+/u, '')
    .trim();
}

export function ruLabelResolver(regions: readonly Region[]): (label: string) => string | null {
  const map = new Map<string, string>();
  const add = (label: string, place: string) => {
    const key = labelKey(label);
    const had = map.get(key);
    if (had !== undefined && had !== place) throw new Error(`Russian label "${label}" would resolve to both ${had} and ${place}`);
    map.set(key, place);
  };
  for (const r of regions) {
    add(r.name.ru, r.iso);
    add(r.official_name.ru, r.iso);
  }
  for (const e of EXTRA_LABELS) add(e.label, e.place);
  return (label) => map.get(labelKey(label)) ?? null;
}
