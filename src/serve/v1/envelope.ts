// The v1 envelope (docs/interface.md §2.4): {data, meta, links}. meta names the sealed
// release the answer came from; collections add count and next_cursor. `self` is the canonical URL
// (sorted query), the same for every spelling of the request, so a cached answer fits each of them.
import type { FastifyRequest } from 'fastify';
import { canonicalUrl } from '../answers/canonical-url.js';
import type { LoadedRelease } from '../releases/release-types.js';
import type { FromResponse, LINKS_SCHEMA, META_SCHEMA } from '../interface/schemas.js';
import { encodeCursor } from './cursor.js';
import type { Page } from './paging.js';

/** meta and links of an answer, as the shared Meta and Links schemas give them (RFC 8288 relation names). */
export type Meta = FromResponse<typeof META_SCHEMA>;
export type Links = FromResponse<typeof LINKS_SCHEMA>;

/** The v1 answer around `data`: what envelopeOf(schema of data) describes. */
export interface Envelope<T> {
  data: T;
  meta: Meta;
  links: Links;
}

/** Where every v1 answer is described: the one interface document. */
export const DESCRIBED_BY = '/openapi.json';

const LINK_TYPES: Record<string, string> = {
  describedby: 'application/vnd.oai.openapi+json;version=3.1',
  alternate: 'text/csv',
};

const sentLinks = new WeakMap<FastifyRequest, Links>();

/** The Link header value of the links an envelope of this request carried, if any. */
export function linkHeaderOf(request: FastifyRequest): string | null {
  const links = sentLinks.get(request);
  if (!links) return null;
  return Object.entries(links)
    .filter(([, href]) => href)
    .map(
      ([rel, href]) =>
        `<${href}>; rel="${rel}"${LINK_TYPES[rel] ? `; type="${LINK_TYPES[rel]}"` : ''}`,
    )
    .join(', ');
}

export function single<T>(request: FastifyRequest, release: LoadedRelease, data: T): Envelope<T> {
  const links: Links = { self: canonicalUrl(request.url), describedby: DESCRIBED_BY };
  sentLinks.set(request, links);
  return {
    data,
    meta: { schema_version: release.seal.schema_version, revision: release.revision },
    links,
  };
}

/**
 * A collection page. next, prev and first are the same URL with the cursor replaced; when a page
 * is given they stay pinned to the revision of the first page, as the cursors are.
 */
export function collection<T>(
  request: FastifyRequest,
  release: LoadedRelease | null,
  data: T[],
  count: number,
  nextCursor: string | null,
  extra: { schemaVersion?: string; note?: string; page?: Page; prevKey?: string } = {},
): Envelope<T[]> {
  const meta: Meta = {
    schema_version: release?.seal.schema_version ?? extra.schemaVersion ?? '1.0.0',
    revision: release?.revision ?? null,
    count,
    next_cursor: nextCursor,
  };
  if (extra.note) meta.note = extra.note;
  const self = canonicalUrl(request.url);
  const links: Links = { self, first: withCursor(self, null), describedby: DESCRIBED_BY };
  const page = extra.page;
  if (page && page.offset > 0) {
    const at = (off: number, key?: string) =>
      withCursor(
        self,
        encodeCursor(
          key === undefined
            ? { rev: page.release.revision, off, scope: page.scope }
            : { rev: page.release.revision, off, scope: page.scope, key },
        ),
      );
    links.first = at(0);
    const prev = Math.max(0, page.offset - page.limit);
    links.prev = at(prev, prev > 0 ? extra.prevKey : undefined); // a keyed collection gives the id its previous page starts after
  }
  if (nextCursor) links.next = withCursor(self, nextCursor);
  sentLinks.set(request, links);
  return { data, meta, links };
}

function withCursor(url: string, cursor: string | null): string {
  const parsed = new URL(url, 'http://v1.invalid');
  if (cursor === null) parsed.searchParams.delete('cursor');
  else parsed.searchParams.set('cursor', cursor);
  return parsed.pathname + parsed.search;
}

/** The path segment of a canonical id: ':' kept readable, '/' (districts) percent-encoded. */
export function idSegment(id: string): string {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}
