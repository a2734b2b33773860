// /sdmx/2.1/: the SDMX 2.1 RESTful web services (sdmx-twg/sdmx-rest, v2.1) over the served release.
// Structure queries for dataflow, datastructure, codelist and conceptscheme; data queries; the
// schema query for the structure-specific schemas. Answers are cached and validated like the other
// families' (src/serve/answers/); every error is an SDMX-ML error message (errors.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from '../answers/cache.js';
import { DEFAULT_CACHE_CONTROL, installAnswerCache } from '../answers/hooks.js';
import type { Admission } from '../load/admission.js';
import { preferredType } from '../answers/negotiate.js';
import { pinned } from '../releases/pinned.js';
import { storeOf } from '../../store/reader.js';
import { SdmxError, installSdmxErrors } from './errors.js';
import { sdmxCsv, SDMX_CSV_MEDIA_TYPE } from './data-csv.js';
import { selectObservations } from './data-query.js';
import { ALL_DIMENSIONS, DETAILS, dimensionIds, type Detail } from './data-shape.js';
import { genericMessage, structureSpecificMessage } from './data-xml.js';
import { checkProvider, parseKey, resolveFlow } from './keys.js';
import type { MessageContext } from './namespaces.js';
import { schemaMessage } from './schema-writer.js';
import {
  REFERENCES,
  STRUCTURE_RESOURCES,
  UNIMPLEMENTED_RESOURCES,
  selectStructures,
  type References,
  type StructureResource,
} from './structure-query.js';
import { structureMessage } from './structure-writer.js';
import { structuresOf, TIME_DIMENSION } from './structures.js';

export const MEDIA = {
  structure: 'application/vnd.sdmx.structure+xml;version=2.1',
  structureSpecific: 'application/vnd.sdmx.structurespecificdata+xml;version=2.1',
  generic: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  csv: 'application/vnd.sdmx.data+csv;version=1.0.0',
  schema: 'application/vnd.sdmx.schema+xml;version=2.1',
} as const;

// The first offered type is the default (no Accept, */*); plain XML and CSV types name the default forms.
const STRUCTURE_TYPES = [MEDIA.structure, 'application/xml', 'text/xml'];
const DATA_TYPES = [
  MEDIA.structureSpecific,
  MEDIA.generic,
  MEDIA.csv,
  'application/xml',
  'text/xml',
  'text/csv',
];
const SCHEMA_TYPES = [MEDIA.schema, 'application/xml', 'text/xml'];

const STRUCTURE_DETAILS = [
  'full',
  'allstubs',
  'referencestubs',
  'allcompletestubs',
  'referencecompletestubs',
  'referencepartial',
] as const;

const STRUCTURE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    references: {
      type: 'string',
      enum: [...REFERENCES],
      description: 'Artefacts referenced by or referencing the matched ones (default none)',
    },
    detail: {
      type: 'string',
      enum: [...STRUCTURE_DETAILS],
      description: 'Only full is implemented (501 for the stub forms)',
    },
  },
} as const;

const DATA_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    startPeriod: {
      type: 'string',
      description: 'Inclusive start: 2020, 2020-03, 2020-03-31, 2020-Q1, 2020-S1, 2020-W05...',
    },
    endPeriod: { type: 'string', description: 'Inclusive end, same forms' },
    dimensionAtObservation: {
      type: 'string',
      description: 'TIME_PERIOD (default), AllDimensions or a dimension id',
    },
    detail: { type: 'string', enum: [...DETAILS] },
    firstNObservations: { type: 'integer', minimum: 1 },
    lastNObservations: { type: 'integer', minimum: 1 },
    updatedAfter: {
      type: 'string',
      description: 'Not implemented (501): a release is replaced whole',
    },
    includeHistory: { type: 'string', description: 'Not implemented (501)' },
  },
} as const;

const DATA_KEY =
  'key: one position per dimension of the dataflow\'s structure, joined by "." (FREQ.REF_AREA, then SEX, URBANISATION and AGE where the indicator is broken down by them, e.g. A.KZ-75.F._T); codes joined by "+", an empty position selects every code, _T is the total over a breakdown; `all` or no key selects every series.';

const ERROR_STATUSES = {
  400: 'syntax error (SDMX code 140)',
  404: 'no results (SDMX code 100)',
  406: 'no offered media type is acceptable (code 1406)',
  413: 'response too large (SDMX code 510)',
  501: 'not implemented (SDMX code 501)',
} as const;

/** The responses of an SDMX route: each offered media type, and the SDMX-ML error messages. */
function responses(
  summary: string,
  types: readonly string[],
  errors: (keyof typeof ERROR_STATUSES)[],
): Record<string, object> {
  const text = { type: 'string', description: 'An SDMX message as text (XML or CSV)' };
  const out: Record<string, object> = {
    200: {
      description: summary,
      content: Object.fromEntries(types.map((t) => [t, { schema: text }])),
    },
  };
  for (const status of errors)
    out[status] = {
      description: `SDMX-ML error message: ${ERROR_STATUSES[status]}`,
      content: { 'application/xml': { schema: text } },
    };
  return out;
}

interface DataQuery {
  startPeriod?: string;
  endPeriod?: string;
  dimensionAtObservation?: string;
  detail?: Detail;
  firstNObservations?: number;
  lastNObservations?: number;
  updatedAfter?: string;
  includeHistory?: string;
}

function context(request: FastifyRequest): MessageContext {
  const release = pinned(request);
  return {
    id: `DALA_${release.revision}`,
    prepared: storeOf(release).meta['built_at'] ?? '1970-01-01T00:00:00Z',
  };
}

function send(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.header('cache-control', DEFAULT_CACHE_CONTROL).type(type).send(Buffer.from(body));
}

const withCharset = (type: string) => `${type.replace(';', '; ')}; charset=utf-8`;

export async function sdmxPlugin(
  app: FastifyInstance,
  opts: { answerCache: AnswerCache; admission?: Admission },
): Promise<void> {
  // an unknown path: 501 for a resource of the SDMX 2.1 interface Dala does not maintain, else 404
  installSdmxErrors(
    app,
    (resource) =>
      (UNIMPLEMENTED_RESOURCES as readonly string[]).includes(resource) ||
      resource === 'schema' ||
      resource === 'metadata',
  );
  installAnswerCache(app, opts.answerCache);
  opts.admission?.install(app); // after the cache: a cached answer costs no work
  const tags = ['sdmx'];

  const structure =
    (resource: StructureResource) => async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { agencyID?: string; resourceID?: string; version?: string };
      const query = request.query as { references?: References; detail?: string };
      if (query.detail && query.detail !== 'full')
        throw new SdmxError(
          'not_implemented',
          `detail=${query.detail}: only full structures are answered`,
        );
      if ((UNIMPLEMENTED_RESOURCES as readonly string[]).includes(query.references ?? '')) {
        throw new SdmxError(
          'not_implemented',
          `references=${query.references}: this service maintains no ${query.references}`,
        );
      }
      const type = preferredType(request, STRUCTURE_TYPES);
      const release = pinned(request);
      const selection = selectStructures(structuresOf(release), {
        resource,
        agencyID: params.agencyID ?? 'all',
        resourceID: params.resourceID ?? 'all',
        version: params.version ?? 'latest',
        references: query.references ?? 'none',
      });
      return send(
        reply,
        type === MEDIA.structure ? withCharset(MEDIA.structure) : `${type}; charset=utf-8`,
        structureMessage(selection, context(request)),
      );
    };
  for (const resource of STRUCTURE_RESOURCES) {
    for (const path of [
      `/${resource}`,
      `/${resource}/:agencyID`,
      `/${resource}/:agencyID/:resourceID`,
      `/${resource}/:agencyID/:resourceID/:version`,
    ]) {
      const summary = `SDMX 2.1 structure query: ${resource}`;
      app.get(
        path,
        {
          schema: {
            tags,
            summary,
            querystring: STRUCTURE_QUERY,
            response: responses(summary, STRUCTURE_TYPES, [400, 404, 406, 501]),
          },
        },
        structure(resource),
      );
    }
  }
  const data = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { flowRef: string; key?: string; providerRef?: string };
    const query = request.query as DataQuery;
    if (query.updatedAfter !== undefined)
      throw new SdmxError(
        'not_implemented',
        'updatedAfter: a release is replaced whole; compare releases with /api/v1/releases',
      );
    if (query.includeHistory !== undefined)
      throw new SdmxError(
        'not_implemented',
        'includeHistory: earlier releases are served under /api/v1/releases',
      );
    const type = preferredType(request, DATA_TYPES);
    const release = pinned(request);
    const reader = storeOf(release);
    const flow = resolveFlow(structuresOf(release), params.flowRef);
    const key = parseKey(flow, params.key);
    checkProvider(params.providerRef);
    const obsDimension = query.dimensionAtObservation ?? TIME_DIMENSION;
    if (obsDimension !== ALL_DIMENSIONS && !dimensionIds(flow).includes(obsDimension)) {
      throw new SdmxError(
        'invalid_parameter',
        `dimensionAtObservation "${obsDimension}" is not AllDimensions or a dimension of ${flow.id}: ${dimensionIds(flow).join(', ')}`,
      );
    }
    const shape = { flow, obsDimension, detail: query.detail ?? 'full' };
    const observations = selectObservations(reader, flow, key, query);
    if (type === MEDIA.csv || type === 'text/csv')
      return send(reply, withCharset(MEDIA.csv), sdmxCsv(shape, observations));
    if (type === MEDIA.generic)
      return send(
        reply,
        withCharset(MEDIA.generic),
        genericMessage(shape, observations, context(request)),
      );
    const ssType =
      type === MEDIA.structureSpecific
        ? withCharset(MEDIA.structureSpecific)
        : `${type}; charset=utf-8`;
    return send(reply, ssType, structureSpecificMessage(shape, observations, context(request)));
  };
  for (const path of [
    '/data/:flowRef',
    '/data/:flowRef/:key',
    '/data/:flowRef/:key/:providerRef',
  ]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'SDMX 2.1 data query',
          description: DATA_KEY,
          querystring: DATA_QUERY,
          response: responses('SDMX 2.1 data query', DATA_TYPES, [400, 404, 406, 413, 501]),
        },
      },
      data,
    );
  }

  app.get(
    '/schema/dataflow/:agencyID/:resourceID/:version',
    {
      schema: {
        tags,
        summary: 'SDMX 2.1 schema query: the structure-specific data schema of a dataflow',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { dimensionAtObservation: DATA_QUERY.properties.dimensionAtObservation },
        },
        response: responses(
          "XML Schema of the dataflow's structure-specific data",
          SCHEMA_TYPES,
          [400, 404, 406],
        ),
      },
    },
    async (request, reply) => {
      const params = request.params as { agencyID: string; resourceID: string; version: string };
      const type = preferredType(request, SCHEMA_TYPES);
      const structures = structuresOf(pinned(request));
      const flow = resolveFlow(
        structures,
        `${params.agencyID},${params.resourceID},${params.version}`,
      );
      const obsDimension =
        (request.query as { dimensionAtObservation?: string }).dimensionAtObservation ??
        TIME_DIMENSION;
      if (obsDimension !== ALL_DIMENSIONS && !dimensionIds(flow).includes(obsDimension)) {
        throw new SdmxError(
          'invalid_parameter',
          `dimensionAtObservation "${obsDimension}" is not AllDimensions or a dimension of ${flow.id}`,
        );
      }
      return send(
        reply,
        type === MEDIA.schema ? withCharset(MEDIA.schema) : `${type}; charset=utf-8`,
        schemaMessage(flow, obsDimension, structures.codelists),
      );
    },
  );
}
