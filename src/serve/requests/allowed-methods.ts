// The methods each path allows, learnt from the routes as they are added: a path that exists under
// other methods answers 405 with Allow (RFC 9110 section 15.5.6), GET on a POST-only route
// included, and a CORS preflight (Fetch standard) is answered for any path that has routes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';

export class AllowedMethods {
  private readonly patterns: { re: RegExp; methods: string[] }[] = [];

  /** Records a route's methods (Fastify's URL syntax: `:param`, `*`). */
  add(url: string, methods: string[]): void {
    if (url === '*' || url === '/*') return; // the CORS preflight catch-all
    const source = url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
      .replace(/\*/g, '.*');
    this.patterns.push({ re: new RegExp(`^${source}$`), methods });
  }

  /** The methods a path allows, OPTIONS included, sorted; none when no route has the path. */
  of(path: string): string[] {
    const set = new Set(this.patterns.filter((p) => p.re.test(path)).flatMap((p) => p.methods));
    return set.size ? [...new Set([...set, 'OPTIONS'])].sort() : [];
  }

  /** The CORS preflight's handler: 204 with the allowed methods, 404 for a path without routes. */
  preflight() {
    return (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
      const allow = this.of(req.url.split('?')[0] ?? '');
      if (!allow.length)
        throw new ProblemError('not_found', `no resource at ${req.url.split('?')[0]}`);
      const asked = req.headers['access-control-request-headers'];
      return reply
        .code(204)
        .header('allow', allow.join(', '))
        .header('access-control-allow-methods', allow.join(', '))
        .header(
          'access-control-allow-headers',
          typeof asked === 'string' ? asked : 'Accept, Accept-Encoding, If-None-Match',
        )
        .header('access-control-max-age', '86400')
        .send();
    };
  }
}
