// The entity/institution/geo-reference/integration contract family, for the build to wire in:
// publishers (model -> artifacts) and the JSON Schemas they are validated against, by schema name.
import type { Publisher } from '../artifact.js';
import {
  ecosystemContractSchema,
  platformExchangeContractSchema,
  reviewedProjectionRegistrySchema,
} from '../schemas/ecosystem.js';
import {
  entitiesSchema,
  entityFederationSchema,
  entityGraphSchema,
  reviewedEntityLinksSchema,
} from '../schemas/entities.js';
import { geoLayerContractSchema, geoPublicContractSchema } from '../schemas/geo-contracts.js';
import { institutionsCatalogSchema } from '../schemas/institutions.js';
import { publicProbeRegistrySchema } from '../schemas/probes.js';
import { searchIndexSchema } from '../schemas/search-index.js';
import { publishEcosystem } from './ecosystem.js';
import { publishEntities } from './entities.js';
import { publishGeoContracts } from './geo-contracts.js';
import { publishInstitutions } from './institutions.js';
import { publishProbes } from './probes.js';
import { publishSearchIndex } from './search-index.js';

export const entityPublishers: Publisher[] = [
  publishEntities,
  publishInstitutions,
  publishGeoContracts,
  publishEcosystem,
  publishProbes,
  publishSearchIndex,
];

export const entitySchemas: Record<string, object> = {
  entities: entitiesSchema,
  'entity-graph': entityGraphSchema,
  'reviewed-entity-links': reviewedEntityLinksSchema,
  'entity-federation': entityFederationSchema,
  'institutions-catalog': institutionsCatalogSchema,
  'geo-public-contract': geoPublicContractSchema,
  'geo-layer-contract': geoLayerContractSchema,
  'reviewed-projection-registry': reviewedProjectionRegistrySchema,
  'ecosystem-contract': ecosystemContractSchema,
  'platform-exchange-contract': platformExchangeContractSchema,
  'public-probe-registry': publicProbeRegistrySchema,
  'search-index': searchIndexSchema,
};
