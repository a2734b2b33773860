// Entity contracts (docs/interface.md §2.2): entities.json (catalog), entity-graph.json (nodes + edges),
// reviewed-entity-links.json (manually confirmed same_as only) and entity-federation.json.
// Canonical ids follow docs/architecture.md; every edge and link carries its source URL and review status.
import type { Model } from '../../model/model.js';
import type { Names, Region, ReviewStatus } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { header, sourceOf, sourceRef } from './header.js';
import { slugOf } from '../../lib/slug.js';
import { pointsOfSeries } from './points.js';

export const COUNTRY = {
  id: 'place:KZ',
  iso: 'KZ',
  name: { en: 'Kazakhstan', ru: 'Казахстан', kk: 'Қазақстан' },
};
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const placeId = (iso: string) => `place:${iso}`;
export const osmUrl = (relation: number) => `https://www.openstreetmap.org/relation/${relation}`;

/**
 * same_as links to OpenStreetMap. Every one is made by joining the ISO 3166-2 code to the pinned
 * snapshot, so its status says exactly that: `matched_by_code`. None was confirmed by hand, so the
 * list of reviewed links (docs/interface.md §2.2: only manually confirmed same_as links) is empty.
 */
export function sameAsLinks(model: Model) {
  const osm = sourceOf(model, 'osm');
  const passport = model.passports.find((p) => p.id === 'osm');
  const pinned = passport ? `${passport.path} (sha256 ${passport.sha256})` : osm.files.join(', ');
  return model.regions
    .map((r) => ({
      id: `${r.id}|same_as|osm:relation/${r.osm_relation_id}`,
      subject: r.id,
      predicate: 'same_as' as const,
      object: osmUrl(r.osm_relation_id),
      object_label: r.official_name.en,
      review_status: 'matched_by_code' as ReviewStatus,
      review_basis: `matched by ISO 3166-2 code ${r.iso} against the pinned OpenStreetMap snapshot ${pinned}; not confirmed by hand`,
      source: sourceRef(model, 'osm'),
      source_url: osm.url,
    }))
    .sort(byId);
}

export const reviewedSameAs = (model: Model) =>
  sameAsLinks(model).filter((l) => l.review_status === 'reviewed');

/** A centre is reviewed only where its region's review names it; otherwise it is as unreviewed as its row. */
export function centreStatus(r: Region): ReviewStatus {
  if (r.review_status !== 'reviewed' || !r.review) return 'unreviewed';
  return [r.admin_centre.ru, r.admin_centre.kk].some((n) => r.review!.confirmed.includes(n))
    ? 'reviewed'
    : 'unreviewed';
}

/** District rows and their region: joined by the geokz ADM1/ADM2 pcodes, not reviewed by hand. */
export const DISTRICT_STATUS: ReviewStatus = 'matched_by_code';

/** Public persons are only those a cited official page names (institutions' responsible persons). */
function persons(model: Model) {
  return model.institutions
    .flatMap((i) =>
      i.responsible_person
        ? [
            {
              id: `person:${slugOf(i.responsible_person.name.en)}`,
              type: 'person',
              names: i.responsible_person.name,
              aliases: [],
              role: i.responsible_person.role,
              of: i.id,
              as_of: i.responsible_person.as_of,
              source_url: i.responsible_person.source_url,
              review_status: i.review_status,
            },
          ]
        : [],
    )
    .sort(byId);
}

function locations(model: Model) {
  const regions = model.regions.map((r) => ({
    id: r.id,
    type: 'place',
    kind: r.kind,
    iso: r.iso,
    names: r.name,
    official_names: r.official_name,
    aliases: [...r.aliases].sort(),
    source_url: r.source_url,
    review_status: r.review_status,
  }));
  const districts = model.districts.map((d) => ({
    id: d.id,
    type: 'district',
    kind: 'district',
    iso: d.region_iso,
    part_of: placeId(d.region_iso),
    names: d.name,
    aliases: [],
    source_url: geokzUrl(model),
    review_status: DISTRICT_STATUS,
  }));
  // Admin centres of oblasts; a city of republican significance is its own centre (no extra entity).
  const centres = model.regions
    .filter((r) => r.kind === 'region')
    .map((r) => ({
      id: `${r.id}/centre`,
      type: 'place',
      kind: 'admin_centre',
      iso: r.iso,
      centre_of: r.id,
      names: r.admin_centre,
      aliases: [],
      source_url: r.review?.url ?? r.source_url,
      review_status: centreStatus(r),
    }));
  const country = {
    id: COUNTRY.id,
    type: 'place',
    kind: 'country',
    iso: COUNTRY.iso,
    names: COUNTRY.name,
    aliases: [],
    source_url: sourceOf(model, 'iso-3166').url,
    review_status: 'matched_by_code' as ReviewStatus,
  };
  const former = model.legacyPlaces.map((l) => ({
    id: l.id,
    type: 'place',
    kind: l.kind,
    iso: l.code,
    names: l.name,
    aliases: [...l.aliases].sort(),
    valid_until: l.valid_until,
    successors: l.successors.map((s) => ({ ...s, place: placeId(s.place) })),
    source_url: l.source_url,
    review_status: l.review_status,
  }));
  return [country, ...regions, ...former, ...districts, ...centres].sort(byId);
}

// District rows and their region come from the geokz ADM2 layer (ADM2_PCODE within ADM1_PCODE).
const geokzUrl = (model: Model) => sourceOf(model, 'geokz').url;

export function entitiesContract(model: Model) {
  const people = persons(model);
  return {
    ...header(model, 'entities'),
    persons: people,
    persons_note: people.length
      ? null
      : 'No cited official page names a responsible person in this release, so no person is listed; persons are never inferred.',
    organizations: model.institutions
      .map((i) => ({
        id: i.id,
        type: 'institution',
        kind: i.kind,
        names: i.name,
        aliases: [],
        website: i.website,
        region: i.region_iso ? placeId(i.region_iso) : null,
        source_url: i.source_url,
        review_status: i.review_status,
      }))
      .sort(byId),
    locations: locations(model),
  };
}

interface Edge {
  id: string;
  from: string;
  relation: string;
  to: string;
  source_url: string;
  review_status: ReviewStatus;
}
const edge = (
  from: string,
  relation: string,
  to: string,
  source_url: string,
  review_status: ReviewStatus,
): Edge => ({ id: `${from}|${relation}|${to}`, from, relation, to, source_url, review_status });

export function entityGraph(model: Model) {
  const node = (id: string, type: string, label: Names | { en: string }) => ({ id, type, label });
  const nodes = [
    ...model.legacyPlaces.map((l) => node(l.id, 'place', l.name)),
    node(COUNTRY.id, 'place', COUNTRY.name),
    ...model.regions.map((r) => node(r.id, 'place', r.name)),
    ...model.districts.map((d) => node(d.id, 'district', d.name)),
    ...model.institutions.map((i) => node(i.id, 'institution', i.name)),
    ...model.indicators.map((i) => node(`indicator:${i.id}`, 'indicator', i.name)),
    ...model.datasets.map((d) => node(`dataset:${d.id}`, 'dataset', { en: d.title })),
    ...model.sources.map((s) => node(`source:${s.id}`, 'source', { en: s.title })),
    ...model.events.map((e) => node(e.id, 'event', e.title)),
    ...sameAsLinks(model).map((l) =>
      node(l.object, 'external', { en: `OpenStreetMap relation ${l.object.split('/').pop()}` }),
    ),
  ];
  const edges: Edge[] = [
    ...model.districts.map((d) =>
      edge(d.id, 'part_of', placeId(d.region_iso), geokzUrl(model), DISTRICT_STATUS),
    ),
    ...model.regions.map((r) =>
      edge(r.id, 'part_of', COUNTRY.id, sourceOf(model, 'iso-3166').url, 'matched_by_code'),
    ),
    ...model.legacyPlaces.flatMap((l) =>
      l.successors.map((s) =>
        edge(l.id, s.relation, placeId(s.place), l.source_url, l.review_status),
      ),
    ),
    ...model.institutions
      .filter((i) => i.kind === 'akimat' && i.region_iso)
      .map((i) => edge(i.id, 'governs', placeId(i.region_iso!), i.source_url, i.review_status)),
    ...model.institutions
      .filter((i) => i.region_iso)
      .map((i) => edge(i.id, 'located_in', placeId(i.region_iso!), i.source_url, i.review_status)),
    ...sameAsLinks(model).map((l) =>
      edge(l.subject, 'same_as', l.object, l.source_url, l.review_status),
    ),
    ...model.indicators.flatMap((ind) =>
      [...new Set(pointsOfSeries(model, ind.id).map((p) => p.place))].map((place) =>
        edge(
          `indicator:${ind.id}`,
          'measured_for',
          placeId(place),
          ind.source_url,
          ind.review_status,
        ),
      ),
    ),
    ...model.datasets.flatMap((d) =>
      d.source_ids.map((s) =>
        edge(
          `dataset:${d.id}`,
          'derived_from',
          `source:${s}`,
          sourceOf(model, s).url,
          sourceOf(model, s).review_status,
        ),
      ),
    ),
    ...model.events.map((e) =>
      edge(e.id, 'concerns', placeId(e.place), e.source_url, e.review_status),
    ),
  ];
  return { ...header(model, 'entity-graph'), nodes: nodes.sort(byId), edges: edges.sort(byId) };
}

export function reviewedEntityLinks(model: Model) {
  return {
    ...header(model, 'reviewed-entity-links'),
    policy:
      'Only same_as links confirmed by hand (review status reviewed) are listed. Links made by joining ISO codes are matched_by_code and appear in entity-graph.json with that status, never here.',
    matched_by_code: sameAsLinks(model).length,
    links: reviewedSameAs(model),
  };
}

export function entityFederation(model: Model) {
  const counts = new Map<string, number>();
  for (const p of model.media.publications)
    if (p.region_iso) counts.set(p.region_iso, (counts.get(p.region_iso) ?? 0) + 1);
  return {
    ...header(model, 'entity-federation'),
    geography_bindings: model.regions
      .map((r) => ({
        entity: r.id,
        iso: r.iso,
        slug: r.slug,
        geometry: `/data/geo/regions/${r.slug}.geojson`,
        analytics: `/data/region-analytics/${r.slug}.json`,
      }))
      .sort((a, b) => (a.entity < b.entity ? -1 : 1)),
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
    {
      path: 'reviewed-entity-links.json',
      json: reviewedEntityLinks(model),
      schema: 'reviewed-entity-links',
    },
    { path: 'entity-federation.json', json: entityFederation(model), schema: 'entity-federation' },
  ];
}
