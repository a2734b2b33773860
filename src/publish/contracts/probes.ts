// public-probe-registry.json (docs/interface.md §2.2 "additional quick checks for static contracts"): one probe
// per docs/interface.md §4.1 path and one region of each docs/interface.md §4.2 route. Expected counts come from the model, so
// a probe fails when a release drifts from what was built, not when a hard-coded number ages.
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { header } from './header.js';
import { reviewedSameAs } from './entities.js';
import { searchEntries } from './search-index.js';

type Check =
  | { pointer: string; op: 'type'; value: 'object' | 'array' }
  | { pointer: string; op: 'equals'; value: string | number | boolean }
  | { pointer: string; op: 'length'; value: number }
  | { pointer: string; op: 'one_of'; value: string[] };

const object: Check = { pointer: '', op: 'type', value: 'object' };
const len = (pointer: string, value: number): Check => ({ pointer, op: 'length', value });
const contract = (name: string): Check => ({ pointer: '/contract', op: 'equals', value: name });

/** docs/interface.md §4.1 paths (relative to /data/) with the checks this project can derive; others: a JSON object. */
function staticChecks(model: Model): [string, Check[]][] {
  const locations =
    model.regions.length +
    model.districts.length +
    model.regions.filter((r) => r.kind === 'region').length;
  const adm1 = model.geo.adm1Simplified.features.length;
  return [
    ['country-pulse.json', [object]],
    ['workbench.json', [object]],
    ['quality-report.json', [object]],
    ['media-weekly-digest.json', [object]],
    ['region-overview.json', [object]],
    [
      'kz_adm1_current.geojson',
      [{ pointer: '/type', op: 'equals', value: 'FeatureCollection' }, len('/features', adm1)],
    ],
    ['official-regional-indicators.json', [object]],
    ['public-observations.json', [object]],
    ['indicator-passports/manifest.json', [object]],
    ['media-kit/manifest.json', [object]],
    ['region-briefs/manifest.json', [object]],
    [
      'entity-graph.json',
      [contract('entity-graph'), { pointer: '/edges', op: 'type', value: 'array' }],
    ],
    [
      'entities.json',
      [
        contract('entities'),
        len('/organizations', model.institutions.length),
        len('/locations', locations),
      ],
    ],
    [
      'institutions-catalog.json',
      [contract('institutions-catalog'), len('/institutions', model.institutions.length)],
    ],
    [
      'entity-federation.json',
      [contract('entity-federation'), len('/geography_bindings', model.regions.length)],
    ],
    [
      'reviewed-entity-links.json',
      [contract('reviewed-entity-links'), len('/links', reviewedSameAs(model).length)],
    ],
    [
      'geo-public-contract.json',
      [contract('geo-public-contract'), len('/regions', model.regions.length)],
    ],
    [
      'geo-layer-contract.json',
      [contract('geo-layer-contract'), { pointer: '/adm1/features', op: 'equals', value: adm1 }],
    ],
    ['release-manifest.json', [object]],
    ['public-probe-registry.json', [contract('public-probe-registry')]],
    ['dataset-catalog.json', [object]],
    ['datasets/index.json', [object]],
    ['datasets/provenance.json', [object]],
    [
      'reviewed-projection-registry.json',
      [contract('reviewed-projection-registry'), len('/projections', 3)],
    ],
    [
      'ecosystem-contract.json',
      [contract('ecosystem-contract'), len('/public_boundaries/public', 3)],
    ],
    [
      'platform-exchange-contract.json',
      [contract('platform-exchange-contract'), len('/active_connections', model.passports.length)],
    ],
    ['search-index.json', [contract('search-index'), len('/entries', searchEntries(model).length)]],
  ];
}

const mediaType = (path: string) =>
  path.endsWith('.geojson') ? 'application/geo+json' : 'application/json'; // RFC 7946 section 12

export function publicProbeRegistry(model: Model) {
  const first = [...model.regions].sort((a, b) => (a.iso < b.iso ? -1 : 1))[0];
  if (!first) throw new Error('public-probe-registry: the model has no regions');
  const paths: [string, Check[]][] = [
    ...staticChecks(model),
    [
      `geo/regions/${first.slug}.geojson`,
      [{ pointer: '/type', op: 'one_of', value: ['Feature', 'FeatureCollection'] }],
    ],
    [`region-analytics/${first.slug}.json`, [object]],
  ];
  const probes = paths
    .map(([path, checks]) => ({
      id: path.replace(/\.(geo)?json$/, ''),
      path: `/data/${path}`,
      media_type: mediaType(path),
      expect: { status: 200, checks },
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    ...header(model, 'public-probe-registry'),
    check_semantics:
      'pointer is an RFC 6901 JSON Pointer; type: JSON type; equals: value; length: array length; one_of: value among the list',
    count: probes.length,
    probes,
  };
}

export function publishProbes(model: Model): Artifact[] {
  return [
    {
      path: 'public-probe-registry.json',
      json: publicProbeRegistry(model),
      schema: 'public-probe-registry',
    },
  ];
}
