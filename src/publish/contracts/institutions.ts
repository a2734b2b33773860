// institutions-catalog.json (docs/interface.md §2.2): the institutions with responsible persons, sources and a
// freshness contract each (docs/interface.md §2.1). A responsible person is listed only when a cited official page
// names them; otherwise null with the reason, never a guess.
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { evaluateFreshness } from '../freshness.js';
import { toCsv } from '../csv.js';
import { header } from './header.js';

/** Institution pages change with appointments; a quarter is the review cadence of the hand table. */
export const INSTITUTION_SLA_DAYS = 90;

export function institutionsCatalog(model: Model) {
  const now = new Date(model.builtAt);
  const institutions = [...model.institutions]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((i) => ({
      id: i.id,
      kind: i.kind,
      names: i.name,
      website: i.website,
      region: i.region_iso ? `place:${i.region_iso}` : null,
      region_iso: i.region_iso,
      responsible_person: i.responsible_person,
      responsible_person_null_reason: i.responsible_person
        ? null
        : (i.responsible_person_null_reason ?? 'no cited official page names a responsible person'),
      source_url: i.source_url,
      review_status: i.review_status,
      // The row's only dated fact is the responsible person's as_of; without it the age is unknown.
      freshness: evaluateFreshness(
        {
          as_of: i.responsible_person?.as_of ?? null,
          sla_days: INSTITUTION_SLA_DAYS,
          historical: false,
        },
        now,
        'build',
      ),
    }));
  const byStatus: Record<string, number> = {};
  for (const i of institutions) byStatus[i.review_status] = (byStatus[i.review_status] ?? 0) + 1;
  return {
    ...header(model, 'institutions-catalog'),
    count: institutions.length,
    counts_by_review_status: byStatus,
    usage: 'Legally significant facts are verified at the primary source (source_url).',
    institutions,
  };
}

export function publishInstitutions(model: Model): Artifact[] {
  const catalog = institutionsCatalog(model);
  const rows = catalog.institutions.map((i) => ({
    id: i.id,
    kind: i.kind,
    name_kk: i.names.kk,
    name_ru: i.names.ru,
    name_en: i.names.en,
    website: i.website,
    region_iso: i.region_iso,
    responsible_person: i.responsible_person?.name.en ?? null,
    responsible_person_null_reason: i.responsible_person_null_reason,
    source_url: i.source_url,
    review_status: i.review_status,
    freshness_status: i.freshness.status,
  }));
  return [
    { path: 'institutions-catalog.json', json: catalog, schema: 'institutions-catalog' },
    { path: 'institutions-catalog.csv', bytes: toCsv(Object.keys(rows[0] ?? { id: null }), rows) },
  ];
}
