// The data queries of /sdmx/2.1/ (SDMX 2.1 REST, "Data queries"): /data/{flowRef}/{key}/{providerRef}
// answered as structure-specific or generic SDMX-ML or SDMX-CSV, made batch by batch
// (data-query.ts) so that a whole dataflow is answered; and the schema query for the
// structure-specific schema of a dataflow.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredType } from '../answers/negotiate.js';
import { pinned } from '../releases/pinned.js';
import { storeOf } from '../../store/reader.js';
import { csvOptions, DATA_TYPES, MEDIA, SCHEMA_TYPES, VERSION_ALIASES, send } from './media.js';
import { sdmxCsvWriter } from './data-csv.js';
import {
  nonEmptyBatches,
  selection,
  yieldTurn,
  OBSERVATIONS_PER_TURN,
  type Observation,
} from './data-query.js';
import {
  ALL_DIMENSIONS,
  DETAILS,
  dimensionIds,
  seriesOf,
  type DataWriter,
  type Detail,
  type Shape,
} from './data-shape.js';
import { genericWriter, structureSpecificWriter } from './data-xml.js';
import { sdmxJsonWriter } from './data-json.js';
import { updatedAfterInstant, updatedBatches } from './updated-after.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { SdmxError } from './errors.js';
import { queriedFlow, resolveFlow } from './keys.js';
import { messageContext } from './namespaces.js';
import { sdmxRoutes } from './routes.js';
import { schemaMessage } from './schema-writer.js';
import { structuresOf, TIME_DIMENSION, type Dataflow } from './structures.js';

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
      description:
        'Only observations added or changed since this instant (a date-time with its zone, or a date), against the newest earlier release built by then; deletions are not listed',
    },
    includeHistory: { type: 'string', description: 'Not implemented (501)' },
  },
} as const;

const DATA_KEY =
  'key: one position per dimension of the dataflow\'s structure, joined by "." (FREQ.REF_AREA, then SEX, URBANISATION and AGE where the indicator is broken down by them, e.g. A.KZ-75.F._T); codes joined by "+", an empty position selects every code, _T is the total over a breakdown; `all` or no key selects every series. A whole dataflow is answered.';

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

function observationDimension(flow: Dataflow, asked: string | undefined): string {
  const dim = asked ?? TIME_DIMENSION;
  if (dim !== ALL_DIMENSIONS && !dimensionIds(flow).includes(dim)) {
    throw new SdmxError(
      'invalid_parameter',
      `dimensionAtObservation "${dim}" is not AllDimensions or a dimension of ${flow.id}: ${dimensionIds(flow).join(', ')}`,
    );
  }
  return dim;
}

/**
 * The whole message: the writer's start, each batch, its end. A batch holds whole series for the
 * time and flat layouts; a series of any other layout spans every place, so those observations are
 * gathered first and written a few series at a time. The event loop turns between batches.
 */
async function writeMessage(
  writer: DataWriter,
  shape: Shape,
  batches: AsyncIterable<Observation[]>,
): Promise<string> {
  const parts = [writer.start()];
  if (shape.obsDimension === TIME_DIMENSION || shape.obsDimension === ALL_DIMENSIONS) {
    for await (const batch of batches) parts.push(writer.write(batch));
  } else {
    const all: Observation[] = [];
    for await (const batch of batches) all.push(...batch);
    let chunk: Observation[] = [];
    for (const s of seriesOf(shape, all)) {
      chunk.push(...s.observations);
      if (chunk.length < OBSERVATIONS_PER_TURN) continue;
      parts.push(writer.write(chunk));
      chunk = [];
      await yieldTurn();
    }
    if (chunk.length) parts.push(writer.write(chunk));
  }
  parts.push(writer.end());
  return parts.join('');
}

async function data(
  releases: ReleaseSource,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const params = request.params as { flowRef: string; key?: string; providerRef?: string };
  const query = request.query as DataQuery;
  const updatedAfter =
    query.updatedAfter === undefined ? undefined : updatedAfterInstant(query.updatedAfter);
  if (query.includeHistory !== undefined)
    throw new SdmxError(
      'not_implemented',
      'includeHistory: earlier releases are served under /api/v1/releases',
    );
  const type = preferredType(request, DATA_TYPES, VERSION_ALIASES);
  const release = pinned(request);
  const structures = structuresOf(release);
  const { flow, key } = queriedFlow(structures, params);
  const shape: Shape = {
    flow,
    obsDimension: observationDimension(flow, query.dimensionAtObservation),
    detail: query.detail ?? 'full',
  };
  const selected = await nonEmptyBatches(storeOf(release), selection(flow, key, query));
  const batches =
    updatedAfter === undefined
      ? selected
      : await updatedBatches(releases, release, { params, query }, selected, updatedAfter);
  const csv = csvOptions(type);
  if (csv) {
    const named = type === 'text/csv' ? MEDIA.csv : type;
    return send(
      reply,
      named,
      await writeMessage(sdmxCsvWriter(shape, structures, csv), shape, batches),
    );
  }
  if (type === MEDIA.json || type === 'application/json')
    return send(
      reply,
      MEDIA.json,
      await writeMessage(
        sdmxJsonWriter(shape, structures, messageContext(request)),
        shape,
        batches,
      ),
    );
  const writer =
    type === MEDIA.generic
      ? genericWriter(shape, messageContext(request))
      : structureSpecificWriter(shape, messageContext(request));
  return send(reply, type, await writeMessage(writer, shape, batches));
}

export function dataRoutes(app: FastifyInstance, releases: ReleaseSource): void {
  sdmxRoutes(
    app,
    {
      paths: ['/data/:flowRef', '/data/:flowRef/:key', '/data/:flowRef/:key/:providerRef'],
      summary: 'SDMX 2.1 data query',
      description: DATA_KEY,
      querystring: DATA_QUERY,
      types: DATA_TYPES,
      errors: [400, 404, 406, 413, 501],
    },
    (request, reply) => data(releases, request, reply),
  );
  sdmxRoutes(
    app,
    {
      paths: ['/schema/dataflow/:agencyID/:resourceID/:version'],
      summary: 'SDMX 2.1 schema query: the structure-specific data schema of a dataflow',
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { dimensionAtObservation: DATA_QUERY.properties.dimensionAtObservation },
      },
      types: SCHEMA_TYPES,
      errors: [400, 404, 406],
    },
    async (request, reply) => {
      const params = request.params as { agencyID: string; resourceID: string; version: string };
      const type = preferredType(request, SCHEMA_TYPES);
      const structures = structuresOf(pinned(request));
      const flow = resolveFlow(
        structures,
        `${params.agencyID},${params.resourceID},${params.version}`,
      );
      const obsDimension = observationDimension(
        flow,
        (request.query as { dimensionAtObservation?: string }).dimensionAtObservation,
      );
      return send(reply, type, schemaMessage(flow, obsDimension, structures.codelists));
    },
  );
}
