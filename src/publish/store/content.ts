// The model as store rows: temporal points (official series, GRP cumulative, daily event counts,
// the labelled media sample), events, and the v1 resources with every name they answer to.
import { canonicalJson } from '../../lib/canonical-json.js';
import { withoutKindWords } from '../../lib/place-kind-words.js';
import { searchKey } from '../../lib/text-normalise.js';
import type { Model } from '../../model/model.js';
import type { Names } from '../../model/types.js';
import { observations } from '../contracts/indicators.js';
import { COUNTRY, DISTRICT_STATUS, sameAsLinks } from '../contracts/entities.js';
import { sourceRef } from '../contracts/header.js';
import type { Row } from '../../store/tables.js';
import { districtGeometryPath } from '../contracts/regions.js';
import { verifiedEvents } from '../contracts/workbench.js';
import { tableNames, type NameNote } from '../search-content.js';
import type { StoreContent } from './write.js';
import { seriesRows } from './series.js';
import { dailyCountPoints } from '../point-counts.js';

const LAYERS = [
  {
    id: 'demography',
    title_en: 'Demography',
    title_ru: 'Демография',
    title_kk: 'Демография',
    description: 'Average annual population (Bureau of National Statistics).',
  },
  {
    id: 'labour',
    title_en: 'Labour market',
    title_ru: 'Рынок труда',
    title_kk: 'Еңбек нарығы',
    description:
      'Employed population, unemployment rate (annual and by quarter), persons who applied to employment authorities (Bureau of National Statistics).',
  },
  {
    id: 'economy',
    title_en: 'Economy',
    title_ru: 'Экономика',
    title_kk: 'Экономика',
    description:
      'Gross regional product and GRP per capita (KZT and US dollars), annual and cumulative Q1/H1/9M; bus transport: buses, passengers, passenger turnover (Bureau of National Statistics).',
  },
  {
    id: 'finance',
    title_en: 'Money and rates',
    title_ru: 'Деньги и ставки',
    title_kk: 'Ақша және мөлшерлемелер',
    description:
      'Official USD/KZT rate by business day and the base rate as a step function of its decisions (National Bank of Kazakhstan).',
  },
  {
    id: 'prices',
    title_en: 'Prices',
    title_ru: 'Цены',
    title_kk: 'Бағалар',
    description:
      'Consumer price index, national, monthly: previous month = 100 and same month of previous year = 100 (Bureau of National Statistics).',
  },
  {
    id: 'health',
    title_en: 'Health',
    title_ru: 'Здравоохранение',
    title_kk: 'Денсаулық сақтау',
    description:
      'Life expectancy at birth by sex and urban/rural population, number of hospital organisations, number of doctors (Bureau of National Statistics).',
  },
  {
    id: 'environment',
    title_en: 'Environment',
    title_ru: 'Окружающая среда',
    title_kk: 'Қоршаған орта',
    description:
      'Emissions of air pollutants from stationary sources and current expenditure on environmental protection (Bureau of National Statistics).',
  },
  {
    id: 'income',
    title_en: 'Household income',
    title_ru: 'Доходы населения',
    title_kk: 'Халықтың табыстары',
    description:
      'Average per capita nominal monetary income of the population and household money expenditure per capita (Bureau of National Statistics).',
  },
  {
    id: 'events',
    title_en: 'Events',
    title_ru: 'События',
    title_kk: 'Оқиғалар',
    description:
      'Daily counts, up to the build date, of hand-written administrative events (any review status) and of public holidays from the date-holidays calendar (unreviewed).',
  },
  {
    id: 'media',
    title_en: 'Media (demonstration)',
    title_ru: 'СМИ (демонстрация)',
    title_kk: 'БАҚ (демонстрация)',
    description: 'DEMONSTRATION SAMPLE: daily counts of synthetic publications; not real data.',
  },
];

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
    (['kk', 'ru', 'en'] as const).some(
      (lang) => withoutKindWords(searchKey(r.name[lang])) === searchKey(r.admin_centre[lang]),
    )
  );
}

export function storeContent(model: Model): StoreContent & { name_notes: NameNote[] } {
  // a point's codes are its series' (series_dimensions), not a column of points
  const points: Row<'points'>[] = [
    ...model.points.map(({ dimensions: _codes, ...p }) => p),
    ...dailyCountPoints(model),
  ];
  const metricIds = new Set(points.map((p) => p.metric));

  const entities: Row<'entities'>[] = [];
  const names: Row<'entity_names'>[] = [];
  const addNames = (id: string, n: Names, kind: string) => {
    for (const lang of ['kk', 'ru', 'en'] as const)
      names.push({ entity_id: id, name: n[lang], lang, kind });
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
  for (const ind of model.indicators) {
    const id = `indicator:${ind.id}`;
    entities.push({
      id,
      type: 'indicator',
      ...named(ind.name),
      data: canonicalJson({ ...ind, id, metric: ind.id, source: sourceRef(model, ind.source_id) }),
    });
    addNames(id, ind.name, 'name');
    names.push({ entity_id: id, name: ind.id, lang: 'und', kind: 'code' });
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

  const relations: Row<'relations'>[] = (
    [
      ...model.districts.map((d) => ({
        id: `relation:${d.id}:part_of`,
        subject: d.id,
        predicate: 'part_of',
        object: `place:${d.region_iso}`,
        source_url: 'https://github.com/arodionoff/geokz',
        review_status: DISTRICT_STATUS,
      })),
      ...model.legacyPlaces.flatMap((l) =>
        l.successors.map((s) => ({
          id: `relation:${l.id}:${s.relation}:place:${s.place}`,
          subject: l.id,
          predicate: s.relation,
          object: `place:${s.place}`,
          source_url: l.source_url,
          review_status: l.review_status,
          valid_from: s.date,
        })),
      ),
      ...model.institutions
        .filter((i) => i.region_iso)
        .map((i) => ({
          id: `relation:${i.id}:${i.kind === 'akimat' ? 'governs' : 'located_in'}`,
          subject: i.id,
          predicate: i.kind === 'akimat' ? 'governs' : 'located_in',
          object: `place:${i.region_iso}`,
          source_url: i.source_url,
          review_status: i.review_status,
        })),
      // joined on the ISO code, not confirmed by hand: the status says so
      ...sameAsLinks(model).map((l) => ({
        id: `relation:${l.subject}:same_as:osm`,
        subject: l.subject,
        predicate: 'same_as',
        object: l.object,
        source_url: l.source_url,
        review_status: l.review_status,
      })),
    ] as Omit<Row<'relations'>, 'valid_from'>[]
  )
    .map((r) => ({ valid_from: null, ...r }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));

  const evidence: Row<'evidence'>[] = [
    ...model.passports.map((p) => ({
      id: `evidence:snapshot:${p.path}`,
      kind: 'snapshot',
      source_id: p.id,
      path: p.path,
      sha256: p.sha256,
      description: `pinned snapshot ${p.path} (${p.bytes} bytes), verified before the build read it; origin ${p.origin_url}`,
    })),
    {
      id: 'evidence:validation',
      kind: 'validation_report',
      source_id: null,
      path: 'evidence/validation.json',
      sha256: null,
      description: 'every JSON artifact validated against its JSON Schema before sealing',
    },
  ];
  const claims: Row<'claims'>[] = observations(model).map((o) => ({
    id: `claim:${o.id.slice('observation:'.length)}`,
    subject: `place:${o.place}`,
    property: `indicator:${o.indicator}`,
    value: canonicalJson({
      value: o.value,
      null_reason: o.null_reason,
      unit: o.unit,
      status: o.status,
    }),
    period: o.period,
    source_id: o.source_id,
    evidence_id: `evidence:snapshot:${model.passports.find((p) => p.id === o.source_id)?.path}`,
  }));

  return {
    meta: { as_of: model.asOf, built_at: model.builtAt, kind: 'release' },
    layers: LAYERS,
    ...seriesRows(model, metricIds),
    // by (metric, place, period): the store writer takes each (metric, place) series as one run
    points: points.sort((a, b) =>
      a.metric !== b.metric
        ? a.metric < b.metric
          ? -1
          : 1
        : a.place !== b.place
          ? a.place < b.place
            ? -1
            : 1
          : a.period < b.period
            ? -1
            : a.period > b.period
              ? 1
              : 0,
    ),
    // the events route promises verified events (docs/interface.md §2.3): reviewed at their source, not in the future
    events: verifiedEvents(model).map((e) => ({
      id: e.id,
      date: e.date,
      kind: e.kind,
      place: e.place,
      title_en: e.title.en,
      title_ru: e.title.ru,
      title_kk: e.title.kk,
      source_url: e.source_url,
      review_status: e.review_status,
    })),
    entities: entities.sort((a, b) => (a.id < b.id ? -1 : 1)),
    entity_names: uniqueNames,
    relations,
    claims,
    evidence,
    name_notes: fromTables.notes,
  };
}

function dedupe<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => (seen.has(key(t)) ? false : (seen.add(key(t)), true)));
}
