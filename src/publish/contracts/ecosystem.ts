// Integration contracts (docs/interface.md §2.2): reviewed-projection-registry.json, ecosystem-contract.json and
// platform-exchange-contract.json. No sibling project or partner exists yet: the registry lists this
// project's own three consumer projections and says so; nothing external is invented.
import type { Model } from '../../model/model.js';
import type { ReviewStatus } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { DISTRICT_STATUS } from './entities.js';
import { header } from './header.js';

const STATUSES: ReviewStatus[] = [
  'verified',
  'reviewed',
  'matched_by_code',
  'unreviewed',
  'demonstration',
];
function countByStatus(rows: { review_status: ReviewStatus }[]) {
  return Object.fromEntries(
    STATUSES.map((s) => [s, rows.filter((r) => r.review_status === s).length]),
  );
}

export function reviewedProjectionRegistry(model: Model) {
  const districtStatus: ReviewStatus = DISTRICT_STATUS;
  const projections = [
    {
      id: 'geography',
      title: 'Regions and districts',
      paths: ['/data/geo-public-contract.json', '/data/kz_adm1_current.geojson', '/api/v1/places'],
      rows: [...model.regions, ...model.districts.map(() => ({ review_status: districtStatus }))],
    },
    {
      id: 'institutions',
      title: 'Institutions catalog',
      paths: ['/data/institutions-catalog.json'],
      rows: model.institutions,
    },
    {
      id: 'official-statistics',
      title: 'Official regional indicators',
      paths: ['/data/official-regional-indicators.json', '/api/v1/indicators'],
      rows: model.indicators,
    },
  ];
  return {
    ...header(model, 'reviewed-projection-registry'),
    note: 'No external sibling project is registered yet. The three registered projections are the ones this service exposes to consumers.',
    projections: projections.map(({ rows, ...p }) => ({
      ...p,
      total: rows.length,
      counts_by_review_status: countByStatus(rows),
    })),
  };
}

/** Inbound transfers: the pinned snapshots, each verified by sha256 before use (docs/interface.md §11.1). */
const inbound = (model: Model) =>
  [...model.passports]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((p) => ({
      id: p.id,
      origin_url: p.origin_url,
      path: p.path,
      sha256: p.sha256,
      bytes: p.bytes,
      retrieved: p.retrieved,
      licence: p.licence,
      mode: 'pinned snapshot, sha256 verified at build',
    }));

export function ecosystemContract(model: Model) {
  return {
    ...header(model, 'ecosystem-contract'),
    public_boundaries: {
      public: [
        {
          prefix: '/data/',
          description: 'static JSON and GeoJSON contracts of the current sealed release',
        },
        {
          prefix: '/api/timemachine/',
          description: 'time-slice reads over the sealed temporal store',
        },
        { prefix: '/api/v1/', description: 'versioned facade, {data, meta, links} envelope' },
      ],
      never_exposed: [
        'the moderation queue of user contributions',
        'working materials: drafts, unsealed builds, raw snapshot bytes and review notes',
      ],
      access: 'read-only: requests never change the public record',
    },
    data_transfers: {
      inbound: inbound(model),
      outbound: [],
      outbound_note: 'No push to any other system; consumers read the public routes above.',
    },
    usage_rules: [
      'Keep the period (as-of date) with every value.',
      'Refer to the primary source; verify legally significant facts there.',
      'A missing value means nothing was published; it is not zero.',
      'Do not infer a licence from an absent field; read the dataset passport and its source.',
      'An empty result does not confirm that a fact is absent.',
    ],
  };
}

export function platformExchangeContract(model: Model) {
  const breaks = model.indicators
    .filter((i) => i.series_breaks.length)
    .map((i) => `indicator:${i.id}`)
    .sort();
  return {
    ...header(model, 'platform-exchange-contract'),
    active_connections: inbound(model).map(({ id, origin_url, mode }) => ({
      id,
      direction: 'inbound',
      origin_url,
      mode,
      status: 'active',
    })),
    adoption_candidates: [
      {
        id: 'bureau-live-api',
        status: 'candidate',
        url: 'https://stat.gov.kz',
        description:
          'Read the Bureau of National Statistics tables directly instead of transcribed snapshots; not connected.',
      },
      {
        id: 'osm-boundaries',
        status: 'candidate',
        url: 'https://www.openstreetmap.org',
        description:
          'OpenStreetMap boundary geometry for the same_as-linked relations; only relation ids are used today.',
      },
    ],
    back_port_patterns: [
      {
        id: 'homoglyph-normalisation',
        description:
          'Cyrillic look-alike letters inside Latin labels are mapped to Latin before joining (Bureau GRP table).',
        code: 'src/sources/homoglyphs.ts',
      },
      {
        id: 'series-break-handling',
        description: 'Territorial reforms are published as series breaks, never as falls or rises.',
        applies_to: breaks,
      },
      {
        id: 'geometry-repair',
        description:
          'Invalid source polygons are repaired and re-validated with a GEOS-grade check after rounding.',
        code: 'src/geo/repair.ts',
      },
    ],
  };
}

export function publishEcosystem(model: Model): Artifact[] {
  return [
    {
      path: 'reviewed-projection-registry.json',
      json: reviewedProjectionRegistry(model),
      schema: 'reviewed-projection-registry',
    },
    {
      path: 'ecosystem-contract.json',
      json: ecosystemContract(model),
      schema: 'ecosystem-contract',
    },
    {
      path: 'platform-exchange-contract.json',
      json: platformExchangeContract(model),
      schema: 'platform-exchange-contract',
    },
  ];
}
