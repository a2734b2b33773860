// One paging rule for every v1 collection: limit 1-100 (default 20), an opaque cursor pinned to the
// revision of the first page. A first page answers from the release pinned to the request
// (src/serve/releases/pinned.ts); a later one from the revision its cursor names.
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import { pinned } from '../releases/pinned.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { decodeCursor, encodeCursor, scopeOf } from './cursor.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface Page {
  release: LoadedRelease;
  offset: number;
  limit: number;
  scope: string;
  /** Where the cursor carried one: the sort key of the row just before `offset` (a keyed page seeks it). */
  after?: string;
}

export async function openPage(
  request: FastifyRequest,
  releases: ReleaseSource,
  query: Record<string, unknown>,
): Promise<Page> {
  return openPageOf(
    request.routeOptions.url ?? request.url,
    () => pinned(request),
    releases,
    query,
  );
}

/**
 * The page a query asks for, of the collection `route` names (its cursors continue only its own
 * queries): the first from `first` (the release pinned to the request or call), a later one from the
 * release its cursor was issued under. The one paging rule of v1 routes and MCP tools alike.
 */
export async function openPageOf(
  route: string,
  first: () => LoadedRelease,
  releases: ReleaseSource,
  query: Record<string, unknown>,
): Promise<Page> {
  const scope = scopeOf(route, { ...query, limit: undefined });
  const limit = typeof query['limit'] === 'number' ? query['limit'] : DEFAULT_LIMIT;
  const token = query['cursor'];
  if (typeof token !== 'string') return { release: first(), offset: 0, limit, scope };
  const state = decodeCursor(token, scope);
  const release = await releases.get(state.rev);
  if (!release) {
    throw new ProblemError(
      'unknown_release',
      `The cursor was issued under release ${state.rev}, which is no longer held; start again without a cursor.`,
    );
  }
  return state.key === undefined
    ? { release, offset: state.off, limit, scope }
    : { release, offset: state.off, limit, scope, after: state.key };
}

/** The cursor of the page after this one; `lastKey`, the sort key of this page's last row, where the collection pages by key. */
export function nextCursor(page: Page, total: number, lastKey?: string): string | null {
  const next = page.offset + page.limit;
  if (next >= total) return null;
  return encodeCursor(
    lastKey === undefined
      ? { rev: page.release.revision, off: next, scope: page.scope }
      : { rev: page.release.revision, off: next, scope: page.scope, key: lastKey },
  );
}
