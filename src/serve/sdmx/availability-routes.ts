// /availableconstraint/{flowRef}/{key}/{providerRef}/{componentID} (SDMX 2.1 REST, "Data
// availability"): a structure message holding the dataflow's Actual ContentConstraint
// (availability.ts), in SDMX-ML or, by Accept, SDMX-JSON 1.0 (as .Stat Data Explorer asks for it), with the artefacts it refers to when `references` asks (code lists and the
// concept scheme partial: only the codes available and the concepts constrained).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredType } from '../answers/negotiate.js';
import { pinned } from '../releases/pinned.js';
import { storeOf } from '../../store/reader.js';
import { availabilityOf, MODES, type Mode } from './availability.js';
import { selection } from './data-query.js';
import { SdmxError } from './errors.js';
import { queriedFlow } from './keys.js';
import { MEDIA, STRUCTURE_TYPES, VERSION_ALIASES, send } from './media.js';
import { structureJson } from './structure-json.js';
import { messageContext } from './namespaces.js';
import { sdmxRoutes } from './routes.js';
import { selectStructures } from './structure-query.js';
import { structureMessage, type StructureSelection } from './structure-writer.js';
import { AGENCY, structuresOf, TIME_DIMENSION } from './structures.js';

const REFERENCES = [
  'none',
  'all',
  'dataflow',
  'datastructure',
  'conceptscheme',
  'codelist',
  'dataproviderscheme',
] as const;
type References = (typeof REFERENCES)[number];

const QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    startPeriod: { type: 'string', description: 'Inclusive start, as in data queries' },
    endPeriod: { type: 'string', description: 'Inclusive end, as in data queries' },
    mode: {
      type: 'string',
      enum: [...MODES],
      description:
        'exact (default): the codes of the data the key selects; available: the codes still valid for each position given the others',
    },
    references: {
      type: 'string',
      enum: [...REFERENCES],
      description: 'Artefacts the constraint refers to, with it (default none)',
    },
    updatedAfter: { type: 'string', description: 'Not implemented (501)' },
  },
} as const;

async function availability(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const params = request.params as {
    flowRef: string;
    key?: string;
    providerRef?: string;
    componentID?: string;
  };
  const query = request.query as {
    startPeriod?: string;
    endPeriod?: string;
    mode?: Mode;
    references?: References;
    updatedAfter?: string;
  };
  if (query.updatedAfter !== undefined)
    throw new SdmxError('not_implemented', 'updatedAfter is not implemented for availability');
  if (query.references === 'dataproviderscheme')
    throw new SdmxError('not_implemented', 'this service maintains no data provider scheme');
  const type = preferredType(request, STRUCTURE_TYPES, VERSION_ALIASES);
  const release = pinned(request);
  const structures = structuresOf(release);
  const { flow, key } = queriedFlow(structures, params);
  const component =
    params.componentID === undefined || params.componentID.toLowerCase() === 'all'
      ? undefined
      : params.componentID;
  const unkeyed = selection(
    flow,
    flow.structure.dimensions.map(() => null),
    query,
  );
  const a = await availabilityOf(storeOf(release), unkeyed, key, query.mode ?? 'exact', component);
  const references = query.references ?? 'none';
  const wants = (r: References) => references === 'all' || references === r;
  const related = selectStructures(structures, {
    resource: 'dataflow',
    agencyID: AGENCY,
    resourceID: flow.id,
    version: 'latest',
    references: 'descendants',
  });
  const constrained = new Set([...a.values.map((v) => v.id), ...(a.time ? [TIME_DIMENSION] : [])]);
  const codesOf = new Map(a.values.map((v) => [v.id, new Set(v.codes)]));
  const listOf = new Map(flow.structure.dimensions.map((d) => [d.codelist, d.id]));
  const out: StructureSelection = {
    dataflows: wants('dataflow') ? related.dataflows : [],
    dataStructures: wants('datastructure') ? related.dataStructures : [],
    codelists: wants('codelist')
      ? related.codelists
          .filter((c) => codesOf.has(listOf.get(c.id) ?? ''))
          .map((c) => {
            const available = codesOf.get(listOf.get(c.id)!)!;
            const codes = c.codes.filter((code) => available.has(code.id));
            return { ...c, codes, partial: codes.length < c.codes.length };
          })
      : [],
    concepts: wants('conceptscheme')
      ? (related.concepts ?? []).filter((c) => constrained.has(c.id))
      : null,
    constraints: [a],
  };
  if (type === MEDIA.structureJson || type === 'application/json')
    return send(reply, MEDIA.structureJson, structureJson(out, messageContext(request)));
  return send(reply, type, structureMessage(out, messageContext(request)));
}

export function availabilityRoutes(app: FastifyInstance): void {
  sdmxRoutes(
    app,
    {
      paths: [
        '/availableconstraint/:flowRef',
        '/availableconstraint/:flowRef/:key',
        '/availableconstraint/:flowRef/:key/:providerRef',
        '/availableconstraint/:flowRef/:key/:providerRef/:componentID',
      ],
      summary: 'SDMX 2.1 data availability: the ContentConstraint of the data a key selects',
      querystring: QUERY,
      types: STRUCTURE_TYPES,
      errors: [400, 404, 406, 501],
    },
    availability,
  );
}
