// search-index.json (docs/interface.md §2.2): one entry per searchable entity with its names, aliases and
// normalised keys (searchKey in src/lib/text-normalise.ts, the same function the v1 search compares with), so a client can match "Қарағанды", "Караганда" and
// "Karagandy" to one canonical id. Homonyms (Almaty KZ-19 / KZ-75) share keys: a key is not an id.
import type { Model } from '../../model/model.js';
import { KEY_DESCRIPTION, searchKeys } from '../../lib/text-normalise.js';
import type { Artifact } from '../artifact.js';
import type { FromSchema } from 'json-schema-to-ts';
import type { searchIndexSchema } from '../schemas/search-index.js';
import { header } from './header.js';

/** One entry of search-index.json, as its sealed schema declares it. */
export type SearchEntry = FromSchema<typeof searchIndexSchema>['entries'][number];

function entry(
  id: string,
  type: SearchEntry['type'],
  names: SearchEntry['names'],
  aliases: string[],
  codes: string[],
): SearchEntry {
  const texts = [
    ...Object.values(names).filter((v): v is string => typeof v === 'string'),
    ...aliases,
  ];
  return {
    id,
    type,
    names,
    aliases: [...new Set(aliases)].sort(),
    codes: [...new Set(codes)].sort(),
    keys: searchKeys([...texts, ...codes]),
  };
}

export function searchEntries(model: Model): SearchEntry[] {
  const entries = [
    ...model.regions.map((r) =>
      entry(
        r.id,
        'place',
        r.name,
        [...Object.values(r.official_name), ...r.aliases],
        [r.iso, r.kato, r.slug, ...r.legacy_codes],
      ),
    ),
    // the country and the former units the series cite are places too
    entry('place:KZ', 'place', { en: 'Kazakhstan', ru: 'Казахстан', kk: 'Қазақстан' }, [], ['KZ']),
    ...model.legacyPlaces.map((l) => entry(l.id, 'place', l.name, l.aliases, [l.code])),
    ...model.districts.map((d) => entry(d.id, 'district', d.name, [], [d.pcode])),
    ...model.institutions.map((i) => entry(i.id, 'institution', i.name, [], [])),
    ...model.indicators.map((i) =>
      entry(`indicator:${i.id}`, 'indicator', i.name, i.aliases ?? [], [
        i.id,
        ...(i.bureau_table ? [i.bureau_table] : []),
      ]),
    ),
    // Dataset passports carry an English title only; no translation is invented.
    ...model.datasets.map((d) => entry(`dataset:${d.id}`, 'dataset', { en: d.title }, [], [d.id])),
    ...model.events.map((e) => entry(e.id, 'event', e.title, [], [e.date])),
  ];
  return entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function searchIndex(model: Model) {
  const entries = searchEntries(model);
  return {
    ...header(model, 'search-index'),
    normalisation: KEY_DESCRIPTION,
    homonym_note:
      'A key can match several entities (a city and a district of the same name, for example); resolve by canonical id, never by name.',
    count: entries.length,
    entries,
  };
}

export function publishSearchIndex(model: Model): Artifact[] {
  return [{ path: 'search-index.json', json: searchIndex(model), schema: 'search-index' }];
}
