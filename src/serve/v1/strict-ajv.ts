// The one Ajv of the bodies /api/v1 reads (resolve, reconcile) and of the arguments of the MCP tools
// (src/serve/mcp/): without Fastify's default type coercion (which would turn {"name": 42} into "42"
// and {"limit": "3"} into 3) and with unknown members refused rather than silently dropped, so a
// request that is not what the client meant is a 400 invalid_body (a tool error), not a guess;
// `format: date` accepts real calendar dates only (ajv-formats), as the query schemas do. Ajv is
// required on the first such request, not at start-up, like every route schema
// (src/serve/interface/lazy-schemas.ts).
import { makeAjv, type Ajv } from '../../lib/ajv.js';

let strict: Ajv | null = null;

export function strictBodyAjv(): Ajv {
  return (strict ??= makeAjv({ dialect: 'draft-07', formats: true }));
}
