// The v1 resources of the store: one entity per place, district, institution, indicator, dataset,
// source and event, and every name each answers to (search and resolve read them).
import { canonicalJson } from '../../lib/canonical-json.js';
import { LANGUAGES } from '../../lib/languages.js';
import { withoutKindWords } from '../../lib/place-kind-words.js';
import { searchKey } from '../../lib/text-normalise.js';
import type { Model } from '../../model/model.js';
import type { Names } from '../../model/types.js';
import { COUNTRY, DISTRICT_STATUS } from '../contracts/entities.js';
import { sourceRef } from '../contracts/header.js';
import type { Row } from '../../store/tables.js';
import { districtGeometryPath } from '../contracts/regions.js';
import { tableNames, type NameNote } from '../search-content.js';

const named = (n: Names) => ({ name_en: n.en, name_ru: n.ru, name_kk: n.kk });
// Titles written only in English: ru/kk are absent (null), and the fallback is said, never copied.
const UNTRANSLATED = { name_ru: null, name_kk: null } as const;
const FALLBACK = {
  ru: 'en',
  kk: 'en',
  note: 'no Russian or Kazakh title exists; show the English title labelled as English',
} as const;

// A region called by its centre's name: where the region's name in one language is its centre's
// name with the word for region ("Түркістан облысы", centre "Түркістан"), people say the centre's
// name in every language for both ("Туркестан", "Turkestan"), though the region's own ru and en
// names are spelt otherwise ("Туркестанская область", "Turkistan Region"). Its centre's names are
// then names of the region too, so that a query of them finds both (homonymy, region first).
// A city of republican significance is its own centre: it has no second name to add.
function sharesCentreName(r: Model['regions'][number]): boolean {
  return (
    r.kind === 'region' &&
    LANGUAGES.some(
      (lang) => withoutKindWords(searchKey(r.name[lang])) === searchKey(r.admin_centre[lang]),
    )
  );
}

export function storeEntities(model: Model): {
  entities: Row<'entities'>[];
  entity_names: Row<'entity_names'>[];
  name_notes: NameNote[];
} {
  const entities: Row<'entities'>[] = [];
  const names: Row<'entity_names'>[] = [];
  const addNames = (id: string, n: Names, kind: string) => {
    for (const lang of LANGUAGES) names.push({ entity_id: id, name: n[lang], lang, kind });
  };
  for (const r of model.regions) {
    const g = model.geo.regions.find((x) => x.iso === r.iso)!;
    entities.push({
      id: r.id,
      type: 'place',
      ...named(r.name),
      data: canonicalJson({
        ...r,
        area_km2: g.areaKm2,
        geography: { iso: r.iso, kato: r.kato },
        source: sourceRef(model, 'dala-tables'),
      }),
    });
    addNames(r.id, r.name, 'name');
    addNames(r.id, r.official_name, 'official_name');
    if (sharesCentreName(r)) addNames(r.id, r.admin_centre, 'centre_name');
    for (const a of r.aliases) names.push({ entity_id: r.id, name: a, lang: 'und', kind: 'alias' });
    for (const c of r.legacy_codes)
      names.push({ entity_id: r.id, name: c, lang: 'und', kind: 'legacy_code' });
    names.push(
      { entity_id: r.id, name: r.slug, lang: 'und', kind: 'slug' },
      { entity_id: r.id, name: r.iso, lang: 'und', kind: 'code' },
      { entity_id: r.id, name: r.kato, lang: 'und', kind: 'code' },
    );
  }
  // the country and the former units the series cite are places too (every referenced place is an entity)
  entities.push({
    id: COUNTRY.id,
    type: 'place',
    ...named(COUNTRY.name),
    data: canonicalJson({
      id: COUNTRY.id,
      iso: COUNTRY.iso,
      kind: 'country',
      name: COUNTRY.name,
      geography: { iso: COUNTRY.iso },
      source: sourceRef(model, 'iso-3166'),
      review_status: 'matched_by_code',
    }),
  });
  addNames(COUNTRY.id, COUNTRY.name, 'name');
  names.push({ entity_id: COUNTRY.id, name: COUNTRY.iso, lang: 'und', kind: 'code' });
  for (const l of model.legacyPlaces) {
    entities.push({
      id: l.id,
      type: 'place',
      ...named(l.name),
      data: canonicalJson({
        ...l,
        iso: l.code,
        parent: COUNTRY.id,
        geography: { iso: l.code, valid_until: l.valid_until },
        successors: l.successors.map((s) => ({ ...s, place: `place:${s.place}` })),
        source: sourceRef(model, 'dala-tables'),
      }),
    });
    addNames(l.id, l.name, 'name');
    for (const a of l.aliases) names.push({ entity_id: l.id, name: a, lang: 'und', kind: 'alias' });
  }
  for (const d of model.districts) {
    entities.push({
      id: d.id,
      type: 'district',
      ...named(d.name),
      data: canonicalJson({
        ...d,
        parent: `place:${d.region_iso}`,
        geography: { region_iso: d.region_iso, pcode: d.pcode },
        geometry_path: districtGeometryPath(d.pcode),
        review_status: DISTRICT_STATUS,
        source: sourceRef(model, 'geokz'),
      }),
    });
    addNames(d.id, d.name, 'name');
    names.push({ entity_id: d.id, name: d.pcode, lang: 'und', kind: 'code' });
  }
  for (const i of model.institutions) {
    entities.push({ id: i.id, type: 'institution', ...named(i.name), data: canonicalJson(i) });
    addNames(i.id, i.name, 'name');
  }
  // where an indicator is published inside the release (family, brief) is no part of what it is
  for (const { family: _family, brief: _brief, ...ind } of model.indicators) {
    const id = `indicator:${ind.id}`;
    entities.push({
      id,
      type: 'indicator',
      ...named(ind.name),
      data: canonicalJson({ ...ind, id, metric: ind.id, source: sourceRef(model, ind.source_id) }),
    });
    addNames(id, ind.name, 'name');
    names.push({ entity_id: id, name: ind.id, lang: 'und', kind: 'code' });
    // the publisher's own number (an SDG national indicator's "3.2.1") finds it too
    if (ind.notation !== undefined)
      names.push({ entity_id: id, name: ind.notation, lang: 'und', kind: 'code' });
    for (const a of ind.aliases ?? [])
      names.push({ entity_id: id, name: a, lang: 'und', kind: 'alias' });
  }
  for (const d of model.datasets) {
    const id = `dataset:${d.id}`;
    entities.push({
      id,
      type: 'dataset',
      name_en: d.title,
      ...UNTRANSLATED,
      data: canonicalJson({
        ...d,
        id,
        slug: d.id,
        sources: d.source_ids.map((s) => sourceRef(model, s)),
        name_fallback: FALLBACK,
      }),
    });
    names.push(
      { entity_id: id, name: d.title, lang: 'en', kind: 'name' },
      { entity_id: id, name: d.id, lang: 'und', kind: 'slug' },
    );
  }
  for (const s of model.sources) {
    const id = `source:${s.id}`;
    entities.push({
      id,
      type: 'source',
      name_en: s.title,
      ...UNTRANSLATED,
      data: canonicalJson({ ...s, id, slug: s.id, name_fallback: FALLBACK }),
    });
    names.push({ entity_id: id, name: s.title, lang: 'en', kind: 'name' });
  }
  for (const e of model.events) {
    entities.push({ id: e.id, type: 'event', ...named(e.title), data: canonicalJson(e) });
    addNames(e.id, e.title, 'name');
  }
  const fromTables = tableNames(model.nameTables, new Set(entities.map((e) => e.id)));
  names.push(...fromTables.names);
  const uniqueNames = dedupe(
    names.filter((n) => n.name.trim() !== ''),
    (n) => `${n.entity_id}|${n.name}|${n.lang}|${n.kind}`,
  );

  return {
    entities: entities.sort((a, b) => (a.id < b.id ? -1 : 1)),
    entity_names: uniqueNames,
    name_notes: fromTables.notes,
  };
}

function dedupe<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => (seen.has(key(t)) ? false : (seen.add(key(t)), true)));
}
