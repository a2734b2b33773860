// The data extension service of the W3C Reconciliation Service API 0.2 (section 8), so that OpenRefine
// can add columns to reconciled places: property proposals per type (section 8.2, GET
// /reconcile/properties), and extension queries (section 8.3, `extend` beside `queries` on
// /reconcile) answering each entity's values. A place's properties are its codes and names, its
// region, and every indicator published for places of its kind: the value at the period the `period`
// setting names, or the latest value, with the value's period as a property of its own, so a column
// of figures never loses its periods. A value that is not published is an empty cell, never 0.
import type { FromSchema } from 'json-schema-to-ts';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { storeOf } from '../../store/reader.js';
import { searchStatements } from '../../store/search.js';
import { strictBodyAjv } from './strict-ajv.js';
import { ENTITY_TYPES } from './response-schemas.js';
import { indicatorRows } from './indicators.js';
import { parseEntity, type IndexedEntity } from './search/hits.js';
import type { ValidateFunction } from '../../lib/ajv.js';

/** Entities per extension query, and properties per query: bounds on one request's lookups. */
export const MAX_EXTEND_IDS = 50;
export const MAX_EXTEND_PROPERTIES = 10;
const PERIOD_SUFFIX = '@period';

export const RECON_EXTEND_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['ids', 'properties'],
  properties: {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EXTEND_IDS,
      items: { type: 'string', minLength: 1, maxLength: 200 },
    },
    properties: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EXTEND_PROPERTIES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 200 },
          settings: {
            type: 'object',
            additionalProperties: false,
            properties: { period: { type: 'string', maxLength: 40 } },
          },
        },
      },
    },
  },
} as const;
type ExtendQuery = FromSchema<typeof RECON_EXTEND_QUERY>;

/** The manifest's `extend` member (section 4): where proposals are, and the one setting. */
export const extendManifest = (origin: string, basePath: string) => ({
  propose_properties: { service_url: origin, service_path: `${basePath}/reconcile/properties` },
  property_settings: [
    {
      name: 'period',
      label: 'Period',
      type: 'text' as const,
      default: '',
      help_text:
        'The period of an indicator value, as the release writes it (2023, 2023-Q2, 2023-08-15); empty: the latest period with a value.',
    },
  ],
});

type Value = { str: string } | { float: number } | { id: string; name: string };
interface Property {
  id: string;
  name: string;
  type?: { id: string; name: string };
  read(e: IndexedEntity, period: string | undefined): Value[];
}

const str = (v: unknown): Value[] => (typeof v === 'string' && v ? [{ str: v }] : []);
const PLACE_TYPES = new Set(['place', 'district']);
const placeCode = (e: IndexedEntity) => e.id.replace(/^place:/, '');

function entityProperties(release: LoadedRelease, type: string): Property[] {
  const names: Property[] = (['en', 'ru', 'kk'] as const).map((lang) => ({
    id: `name_${lang}`,
    name: `Name (${lang})`,
    read: (e) => str(e.names[lang]),
  }));
  if (!PLACE_TYPES.has(type)) return names;
  const parent: Property = {
    id: 'parent',
    name: 'Region',
    type: { id: 'place', name: 'Place' },
    read: (e) => {
      const id = e.data['parent'];
      const row = typeof id === 'string' ? searchStatements(release.db).entityRow(id) : undefined;
      return row ? [{ id: row.id, name: row.name_en ?? row.id }] : [];
    },
  };
  const codes: Property[] =
    type === 'place'
      ? [
          { id: 'iso', name: 'ISO 3166-2 code', read: (e) => str(e.data['iso']) },
          { id: 'kato', name: 'KATO code', read: (e) => str(e.data['kato']) },
          { id: 'kind', name: 'Kind', read: (e) => str(e.data['kind']) },
          {
            id: 'area_km2',
            name: 'Area (km²)',
            read: (e) =>
              typeof e.data['area_km2'] === 'number' ? [{ float: e.data['area_km2'] }] : [],
          },
        ]
      : [
          { id: 'pcode', name: 'Boundary code (geokz pcode)', read: (e) => str(e.data['pcode']) },
          parent,
        ];
  return [...names, ...codes, ...indicatorProperties(release, type)];
}

/** Two properties per indicator published for places of this type: its value and that value's period. */
function indicatorProperties(release: LoadedRelease, type: string): Property[] {
  const reader = storeOf(release).observations;
  const out: Property[] = [];
  for (const m of indicatorRows(release)) {
    if ((type === 'district') !== reader.atDistricts(m.id)) continue;
    const point = (e: IndexedEntity, period: string | undefined) =>
      period
        ? reader.point(m.id, placeCode(e), period)
        : reader.latestWithValue(m.id, placeCode(e));
    out.push(
      {
        id: m.id,
        name: `${m.name_en} (${m.unit})`,
        read: (e, period) => {
          const p = point(e, period);
          return p && p.value !== null ? [{ float: p.value }] : [];
        },
      },
      {
        id: `${m.id}${PERIOD_SUFFIX}`,
        name: `${m.name_en}: period of the value`,
        read: (e, period) => {
          const p = point(e, period);
          return p && p.value !== null ? [{ str: p.period }] : [];
        },
      },
    );
  }
  return out;
}

const unknownType = (type: string) =>
  new ProblemError(
    'invalid_parameter',
    `type "${type}" is not an entity type of this service: ${ENTITY_TYPES.join(', ')}.`,
  );

/** Property proposals for a type (section 8.2). */
export function proposeProperties(release: LoadedRelease, type: string, limit: number | undefined) {
  if (!(ENTITY_TYPES as readonly string[]).includes(type)) throw unknownType(type);
  const all = entityProperties(release, type).map(({ id, name }) => ({ id, name }));
  return { type, limit: limit ?? all.length, properties: all.slice(0, limit ?? all.length) };
}

let check: ValidateFunction<ExtendQuery> | null = null;

/** The answer to an extension query (section 8.3): meta names each property, rows each entity's values. */
export function extendAnswer(release: LoadedRelease, raw: unknown) {
  let query: unknown = raw;
  if (typeof raw === 'string')
    try {
      query = JSON.parse(raw);
    } catch {
      throw new ProblemError('invalid_body', 'Data extension: `extend` is not JSON.');
    }
  const valid = (check ??= strictBodyAjv().compile<ExtendQuery>(RECON_EXTEND_QUERY));
  if (!valid(query)) {
    const e = valid.errors?.[0];
    throw new ProblemError(
      'invalid_body',
      `Data extension: ${e ? `${e.instancePath || 'the query'} ${e.message}` : 'invalid query'} (at most ${MAX_EXTEND_IDS} ids and ${MAX_EXTEND_PROPERTIES} properties).`,
    );
  }
  const entities = query.ids.map((id) => {
    const row = searchStatements(release.db).entityRow(id);
    if (!row)
      throw new ProblemError(
        'not_found',
        `Data extension: no entity has id "${id}" in release ${release.revision}.`,
      );
    return parseEntity(row);
  });
  const known = new Map<string, Property>();
  for (const type of new Set(entities.map((e) => e.type)))
    for (const p of entityProperties(release, type)) if (!known.has(p.id)) known.set(p.id, p);
  const meta = query.properties.map(({ id }) => {
    const p = known.get(id);
    if (!p)
      throw new ProblemError(
        'invalid_body',
        `Data extension: "${id}" is not a property of these entities; GET /reconcile/properties?type=... lists them.`,
      );
    return { id, name: p.name, ...(p.type ? { type: p.type } : {}) };
  });
  const rows: Record<string, Record<string, Value[]>> = {};
  for (const e of entities) {
    const own = new Set(entityProperties(release, e.type).map((p) => p.id));
    rows[e.id] = Object.fromEntries(
      query.properties.map(({ id, settings }) => [
        id,
        own.has(id) ? known.get(id)!.read(e, settings?.period || undefined) : [],
      ]),
    );
  }
  return { meta, rows };
}
