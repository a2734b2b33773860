// Errors on /sdmx/2.1/ are SDMX-ML 2.1 error messages (SDMXMessage.xsd mes:Error), with the HTTP
// status and the SDMX error code of SDMX Standards Section 5 (web services guidelines): 100 no
// results (404), 140 syntax error (400), 500 internal error, 501 not implemented, 503 service
// unavailable, 510 response size exceeds service limit (413). Statuses the SDMX list has no code for
// (405, 406, 414, 429...) carry 1000 + the status, in the range SDMX leaves to services. The codes and
// statuses come from the one catalog (src/serve/problems/errors.ts); only the serialisation differs.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG, ProblemError, type ErrorCode } from '../problems/errors.js';
import { REVISION_HEADER, toProblem } from '../problems/problem-handler.js';
import { NS } from './namespaces.js';
import { XmlWriter } from './xml.js';

/** An SDMX answer refused: a catalog code (its status) and the text the message says. */
export class SdmxError extends ProblemError {
  constructor(code: ErrorCode, detail: string) {
    super(code, detail);
  }
}

const SDMX_CODES: Readonly<Record<number, number>> = {
  400: 140,
  401: 110,
  403: 150,
  404: 100,
  413: 510,
  500: 500,
  501: 501,
  503: 503,
};

export function sdmxErrorCode(status: number): number {
  return SDMX_CODES[status] ?? 1000 + status;
}

export const ERROR_MEDIA_TYPE = 'application/xml; charset=utf-8';

export function errorMessage(status: number, title: string, detail: string): string {
  const w = new XmlWriter();
  w.open('mes:Error', { 'xmlns:mes': NS.mes, 'xmlns:com': NS.com });
  w.wrap('mes:ErrorMessage', { code: sdmxErrorCode(status) }, () =>
    w.text('com:Text', `${title}: ${detail}`, { 'xml:lang': 'en' }),
  );
  w.close('mes:Error');
  return w.toString();
}

function sendSdmxError(
  request: FastifyRequest,
  reply: FastifyReply,
  err: ProblemError,
): FastifyReply {
  const { status, title } = ERROR_CATALOG[err.code];
  if (request.release && !reply.hasHeader(REVISION_HEADER))
    reply.header(REVISION_HEADER, request.release.revision);
  return reply
    .code(status)
    .headers(err.headers)
    .header('cache-control', 'no-store')
    .type(ERROR_MEDIA_TYPE)
    .send(Buffer.from(errorMessage(status, title, err.detail)));
}

/** Every error of the scope (a route's, a failed schema validation, an unknown path) as an SDMX error message. */
export function installSdmxErrors(
  scope: FastifyInstance,
  unimplemented: (resource: string) => boolean,
): void {
  scope.setErrorHandler((err: FastifyError | ProblemError, request, reply) => {
    const p = toProblem(err, request);
    if (p.status >= 500 && !(err instanceof ProblemError))
      request.log.error({ err }, 'request failed');
    return sendSdmxError(request, reply, p);
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const resource = path.slice(scope.prefix.length + 1).split('/')[0] ?? '';
    const err = unimplemented(resource)
      ? new ProblemError(
          'not_implemented',
          `${resource} queries are not implemented; this service answers dataflow, datastructure, codelist, conceptscheme, data and schema/dataflow`,
        )
      : new ProblemError(
          'not_found',
          `no SDMX 2.1 resource at ${path} (see the interface document)`,
        );
    return sendSdmxError(request, reply, err);
  });
}
