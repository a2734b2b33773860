// The v1 links of the store: relations between entities (districts in regions, the former South
// Kazakhstan's successors, institutions' places, same-as links), the evidence every figure rests on
// (the pinned snapshots, the validation report) and one claim per latest observation.
import { canonicalJson } from '../../lib/canonical-json.js';
import type { Model } from '../../model/model.js';
import { observations } from '../contracts/indicators.js';
import { DISTRICT_STATUS, sameAsLinks } from '../contracts/entities.js';
import type { Row } from '../../store/tables.js';

export function storeLinks(model: Model): {
  relations: Row<'relations'>[];
  evidence: Row<'evidence'>[];
  claims: Row<'claims'>[];
} {
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

  return { relations, evidence, claims };
}
