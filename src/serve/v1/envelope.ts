// The v1 envelope (SPEC 2.4, DESIGN.md "Contracts"): {data, meta, links}. meta names the sealed
// release the answer came from; collections add count and next_cursor. `self` is the canonical URL
// (sorted query), the same for every spelling of the request, so a cached answer fits each of them.
import type { FastifyRequest } from 'fastify';
import { canonicalUrl } from '../answers/canonical-url.js';
import type { LoadedRelease } from '../release-types.js';

export interface Meta {
  schema_version: string;
  revision: string | null;
  count?: number;
  next_cursor?: string | null;
  note?: string;
}

export interface Envelope<T> {
  data: T;
  meta: Meta;
  links: { self: string; next?: string };
}

export function single<T>(request: FastifyRequest, release: LoadedRelease, data: T): Envelope<T> {
  return { data, meta: { schema_version: release.seal.schema_version, revision: release.revision }, links: { self: canonicalUrl(request.url) } };
}

/** A collection page; next is the same URL with the cursor replaced. */
export function collection<T>(
  request: FastifyRequest,
  release: LoadedRelease | null,
  data: T[],
  count: number,
  nextCursor: string | null,
  extra: { schemaVersion?: string; note?: string } = {},
): Envelope<T[]> {
  const meta: Meta = {
    schema_version: release?.seal.schema_version ?? extra.schemaVersion ?? '1.0.0',
    revision: release?.revision ?? null,
    count,
    next_cursor: nextCursor,
  };
  if (extra.note) meta.note = extra.note;
  const links: Envelope<T>['links'] = { self: canonicalUrl(request.url) };
  if (nextCursor) links.next = withCursor(links.self, nextCursor);
  return { data, meta, links };
}

function withCursor(url: string, cursor: string): string {
  const parsed = new URL(url, 'http://v1.invalid');
  parsed.searchParams.set('cursor', cursor);
  return parsed.pathname + parsed.search;
}

/** The path segment of a canonical id: ':' kept readable, '/' (districts) percent-encoded. */
export function idSegment(id: string): string {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}
