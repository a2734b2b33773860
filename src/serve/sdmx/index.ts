// /sdmx/2.1/: the SDMX 2.1 RESTful web services (sdmx-twg/sdmx-rest, v2.1) over the served release.
// Structure queries for dataflow, datastructure, codelist and conceptscheme (structure-routes.ts);
// data queries and the schema query for the structure-specific schemas (data-routes.ts); data
// availability (availability-routes.ts). Answers are
// cached and validated like the other families' (src/serve/answers/); every error is an SDMX-ML
// error message (errors.ts).
import type { FastifyInstance } from 'fastify';
import type { AnswerCache } from '../answers/cache.js';
import { installAnswerCache } from '../answers/hooks.js';
import type { Admission } from '../load/admission.js';
import { availabilityRoutes } from './availability-routes.js';
import { dataRoutes } from './data-routes.js';
import { installSdmxErrors } from './errors.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { UNIMPLEMENTED_RESOURCES } from './structure-query.js';
import { structureRoutes } from './structure-routes.js';

export { MEDIA } from './media.js';

export async function sdmxPlugin(
  app: FastifyInstance,
  opts: { answerCache: AnswerCache; admission?: Admission; releases: ReleaseSource },
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
  structureRoutes(app);
  dataRoutes(app, opts.releases);
  availabilityRoutes(app);
}
