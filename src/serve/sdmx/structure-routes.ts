// The structure queries of /sdmx/2.1/ (SDMX 2.1 REST, "Structural metadata queries"):
// /{resource}/{agencyID}/{resourceID}/{version}/{itemID} for dataflow, datastructure, codelist,
// conceptscheme, categoryscheme (the topics) and categorisation (a dataflow's topics), items for the item
// schemes, answered as SDMX-ML structure messages, or SDMX-JSON 1.0 structure messages
// by Accept (structure-json.ts; category schemes and categorisations in SDMX-ML only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredType } from '../answers/negotiate.js';
import { pinned } from '../releases/pinned.js';
import { SdmxError } from './errors.js';
import { MEDIA, STRUCTURE_ML_TYPES, STRUCTURE_TYPES, VERSION_ALIASES, send } from './media.js';

import { messageContext } from './namespaces.js';
import { sdmxRoutes } from './routes.js';
import {
  ITEM_SCHEMES,
  REFERENCES,
  STRUCTURE_RESOURCES,
  UNIMPLEMENTED_RESOURCES,
  selectStructures,
  type References,
  type StructureResource,
} from './structure-query.js';
import { structureJson } from './structure-json.js';
import { structureMessage } from './structure-writer.js';
import { structuresOf } from './structures.js';

// answered in SDMX-ML only: structure-json.ts writes no category scheme or categorisation
const CATEGORY_RESOURCES: readonly string[] = ['categoryscheme', 'categorisation'];

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
      description:
        'full (default), or referencepartial: a referenced concept scheme holds only the concepts the structures use (isPartial); 501 for the stub forms',
    },
  },
} as const;

function structure(resource: StructureResource) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as {
      agencyID?: string;
      resourceID?: string;
      version?: string;
      itemID?: string;
    };
    const query = request.query as { references?: References; detail?: string };
    if (query.detail && query.detail !== 'full' && query.detail !== 'referencepartial')
      throw new SdmxError(
        'not_implemented',
        `detail=${query.detail}: only full structures are answered (and referencepartial)`,
      );
    if ((UNIMPLEMENTED_RESOURCES as readonly string[]).includes(query.references ?? '')) {
      throw new SdmxError(
        'not_implemented',
        `references=${query.references}: this service maintains no ${query.references}`,
      );
    }
    const type = preferredType(
      request,
      CATEGORY_RESOURCES.includes(resource) ? STRUCTURE_ML_TYPES : STRUCTURE_TYPES,
      VERSION_ALIASES,
    );
    const selection = selectStructures(structuresOf(pinned(request)), {
      resource,
      agencyID: params.agencyID ?? 'all',
      resourceID: params.resourceID ?? 'all',
      version: params.version ?? 'latest',
      itemID: params.itemID,
      references: query.references ?? 'none',
      referencePartial: query.detail === 'referencepartial',
    });
    if (type === MEDIA.structureJson || type === 'application/json')
      return send(reply, MEDIA.structureJson, structureJson(selection, messageContext(request)));
    return send(reply, type, structureMessage(selection, messageContext(request)));
  };
}

export function structureRoutes(app: FastifyInstance): void {
  for (const resource of STRUCTURE_RESOURCES) {
    const paths = [
      `/${resource}`,
      `/${resource}/:agencyID`,
      `/${resource}/:agencyID/:resourceID`,
      `/${resource}/:agencyID/:resourceID/:version`,
      ...(ITEM_SCHEMES.includes(resource)
        ? [`/${resource}/:agencyID/:resourceID/:version/:itemID`]
        : []),
    ];
    sdmxRoutes(
      app,
      {
        paths,
        summary: `SDMX 2.1 structure query: ${resource}`,
        description:
          'Each path parameter takes several values joined by "+"; all (and, for the version, latest) in any case selects every one.',
        querystring: STRUCTURE_QUERY,
        types: CATEGORY_RESOURCES.includes(resource) ? STRUCTURE_ML_TYPES : STRUCTURE_TYPES,
        errors: [400, 404, 406, 501],
      },
      structure(resource),
    );
  }
}
