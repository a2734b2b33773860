// Entity contracts (SPEC 2.2): entities.json (catalog), entity-graph.json (nodes + edges),
// reviewed-entity-links.json (manually confirmed same_as only) and entity-federation.json.
// Canonical ids follow docs/architecture.md; every edge and link carries its source URL and review status.
import type { Model } from '../../model/model.js';
import type { Names, Region, ReviewStatus } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { latinKey } from '../../lib/text-normalise.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../../sources/bns-reforms.js';
import { header, sourceOf, sourceRef } from './header.js';

/** Places that official series cite but that are no current unit (abolished before a reform). */
const LEGACY_PLACES: Record<string, Names> = {
  [SOUTH_KAZAKHSTAN_LEGACY]: { en: 'South Kazakhstan Region (abolished 2018)', ru: 'Южно-Казахстанская область (упразднена в 2018)', kk: 'Оңтүстік Қазақстан облысы (2018 жылы таратылған)' },
};

export const COUNTRY = { id: 'place:KZ', iso: 'KZ', name: { en: 'Kazakhstan', ru: 'Казахстан', kk: 'Қазақстан' } };
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const placeId = (iso: string) => `place:${iso}`;
export const osmUrl = (relation: number) => `https://www.openstreetmap.org/relation/${relation}`;
const slugify = (s: string) => latinKey(s).replace(/ /g, '-');

/** same_as links to OpenStreetMap that are reviewed: region rows reviewed and joined by ISO code to the pinned snapshot. */
export function reviewedSameAs(model: Model) {
  const osm = sourceOf(model, 'osm');
  const passport = model.passports.find((p) => p.id === 'osm');
  const pinned = passport ? `${passport.path} (sha256 ${passport.sha256})` : osm.files.join(', ');
  const reviewed = (r: Region) => r.review_status === 'reviewed' || r.review_status === 'verified';
  return model.regions.filter(reviewed).map((r) => ({
    id: `${r.id}|same_as|osm:relation/${r.osm_relation_id}`,
    subject: r.id,
    predicate: 'same_as' as const,
    object: osmUrl(r.osm_relation_id),
    object_label: r.official_name.en,
    review_status: 'reviewed' as const,
    review_basis: `matched by ISO 3166-2 code ${r.iso} against the pinned OpenStreetMap snapshot ${pinned}`,
    source: sourceRef(model, 'osm'),
    source_url: osm.url,
  })).sort(byId);
}

/** Public persons are only those a cited official page names (institutions' responsible persons). */
function persons(model: Model) {
  return model.institutions.flatMap((i) => (i.responsible_person ? [{
    id: `person:${slugify(i.responsible_person.name.en)}`, type: 'person', names: i.responsible_person.name, aliases: [],
    role: i.responsible_person.role, of: i.id, as_of: i.responsible_person.as_of,
    source_url: i.responsible_person.source_url, review_status: i.review_status,
  }] : [])).sort(byId);
}

function locations(model: Model) {
  const regions = model.regions.map((r) => ({
    id: r.id, type: 'place', kind: r.kind, iso: r.iso, names: r.name, official_names: r.official_name,
    aliases: [...r.aliases].sort(), source_url: r.source_url, review_status: r.review_status,
  }));
  const districts = model.districts.map((d) => ({
    id: d.id, type: 'district', kind: 'district', iso: d.region_iso, part_of: placeId(d.region_iso), names: d.name,
    aliases: [], source_url: geokzUrl(model), review_status: sourceOf(model, 'geokz').review_status,
  }));
  // Admin centres of oblasts; a city of republican significance is its own centre (no extra entity).
  const centres = model.regions.filter((r) => r.kind === 'region').map((r) => ({
    id: `${r.id}/centre`, type: 'place', kind: 'admin_centre', iso: r.iso, centre_of: r.id, names: r.admin_centre,
    aliases: [], source_url: r.source_url, review_status: r.review_status,
  }));
  return [...regions, ...districts, ...centres].sort(byId);
}

// District rows and their region come from the geokz ADM2 layer (ADM2_PCODE within ADM1_PCODE).
const geokzUrl = (model: Model) => sourceOf(model, 'geokz').url;

export function entitiesContract(model: Model) {
  const people = persons(model);
  return {
    ...header(model, 'entities'),
    persons: people,
    persons_note: people.length ? null
      : 'No cited official page names a responsible person in this release, so no person is listed; persons are never inferred.',
    organizations: model.institutions.map((i) => ({
      id: i.id, type: 'institution', kind: i.kind, names: i.name, aliases: [], website: i.website,
      region: i.region_iso ? placeId(i.region_iso) : null, source_url: i.source_url, review_status: i.review_status,
    })).sort(byId),
    locations: locations(model),
  };
}

interface Edge { id: string; from: string; relation: string; to: string; source_url: string; review_status: ReviewStatus }
const edge = (from: string, relation: string, to: string, source_url: string, review_status: ReviewStatus): Edge =>
  ({ id: `${from}|${relation}|${to}`, from, relation, to, source_url, review_status });

export function entityGraph(model: Model) {
  const geokz = sourceOf(model, 'geokz');
  const node = (id: string, type: string, label: Names | { en: string }) => ({ id, type, label });
  const places = new Set(model.points.map((p) => p.place));
  const current = new Set(['KZ', ...model.regions.map((r) => r.iso)]);
  const legacy = [...places].filter((p) => !current.has(p)).sort()
    .map((p) => node(placeId(p), 'place', LEGACY_PLACES[p] ?? { en: `${p} (not a current unit)` }));
  const nodes = [
    ...legacy,
    ...(places.has('KZ') || model.events.some((e) => e.place === 'KZ') ? [node(COUNTRY.id, 'place', COUNTRY.name)] : []),
    ...model.regions.map((r) => node(r.id, 'place', r.name)),
    ...model.districts.map((d) => node(d.id, 'district', d.name)),
    ...model.institutions.map((i) => node(i.id, 'institution', i.name)),
    ...model.indicators.map((i) => node(`indicator:${i.id}`, 'indicator', i.name)),
    ...model.datasets.map((d) => node(`dataset:${d.id}`, 'dataset', { en: d.title })),
    ...model.sources.map((s) => node(`source:${s.id}`, 'source', { en: s.title })),
    ...model.events.map((e) => node(e.id, 'event', e.title)),
    ...reviewedSameAs(model).map((l) => node(l.object, 'external', { en: `OpenStreetMap relation ${l.object.split('/').pop()}` })),
  ];
  const edges: Edge[] = [
    ...model.districts.map((d) => edge(d.id, 'part_of', placeId(d.region_iso), geokzUrl(model), geokz.review_status)),
    ...model.institutions.filter((i) => i.kind === 'akimat' && i.region_iso)
      .map((i) => edge(i.id, 'governs', placeId(i.region_iso!), i.source_url, i.review_status)),
    ...model.institutions.filter((i) => i.region_iso).map((i) => edge(i.id, 'located_in', placeId(i.region_iso!), i.source_url, i.review_status)),
    ...reviewedSameAs(model).map((l) => edge(l.subject, 'same_as', l.object, l.source_url, l.review_status)),
    ...model.indicators.flatMap((ind) => [...new Set(model.points.filter((p) => p.metric === ind.id).map((p) => p.place))]
      .map((place) => edge(`indicator:${ind.id}`, 'measured_for', placeId(place), ind.source_url, ind.review_status))),
    ...model.datasets.flatMap((d) => d.source_ids.map((s) => edge(`dataset:${d.id}`, 'derived_from', `source:${s}`, sourceOf(model, s).url, sourceOf(model, s).review_status))),
    ...model.events.map((e) => edge(e.id, 'concerns', placeId(e.place), e.source_url, e.review_status)),
  ];
  return { ...header(model, 'entity-graph'), nodes: nodes.sort(byId), edges: edges.sort(byId) };
}

export function reviewedEntityLinks(model: Model) {
  return {
    ...header(model, 'reviewed-entity-links'),
    policy: 'Only same_as links whose review status is reviewed are listed; unreviewed candidates are never published here.',
    links: reviewedSameAs(model),
  };
}

export function entityFederation(model: Model) {
  const counts = new Map<string, number>();
  for (const p of model.media.publications) if (p.region_iso) counts.set(p.region_iso, (counts.get(p.region_iso) ?? 0) + 1);
  return {
    ...header(model, 'entity-federation'),
    geography_bindings: model.regions.map((r) => ({
      entity: r.id, iso: r.iso, slug: r.slug,
      geometry: `/data/geo/regions/${r.slug}.geojson`, analytics: `/data/region-analytics/${r.slug}.json`,
    })).sort((a, b) => (a.entity < b.entity ? -1 : 1)),
    media_coverage: {
      status: 'demonstration' as const,
      note: 'Counts of the media demonstration sample (synthetic, not real publications); not a measure of coverage.',
      provenance: model.media.provenance,
      by_region: model.regions.map((r) => ({ entity: r.id, publications: counts.get(r.iso) ?? 0 })),
      without_region: model.media.publications.filter((p) => !p.region_iso).length,
    },
    cross_project_links: reviewedSameAs(model),
  };
}

export function publishEntities(model: Model): Artifact[] {
  return [
    { path: 'entities.json', json: entitiesContract(model), schema: 'entities' },
    { path: 'entity-graph.json', json: entityGraph(model), schema: 'entity-graph' },
    { path: 'reviewed-entity-links.json', json: reviewedEntityLinks(model), schema: 'reviewed-entity-links' },
    { path: 'entity-federation.json', json: entityFederation(model), schema: 'entity-federation' },
  ];
}
