// Opaque cursors pinned to the revision they were issued under (docs/interface.md §10.4), so paging
// keeps reading the same sealed release while a new one lands. The token is base64url(JSON) plus an
// HMAC-SHA256 tag (RFC 2104) under a server key: only this service (or replicas sharing
// DALA_CURSOR_KEY) can issue one, so a client cannot make the server open a revision or offset of
// its choosing. Without DALA_CURSOR_KEY the key is random per `dala serve` (its primary draws one for
// all its workers, src/serve/cluster/primary.ts), and a cursor from another server is refused as
// invalid_cursor (the client starts again). The revision a cursor names is
// still checked against the listed releases before anything is opened (release-holder.ts).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProblemError } from '../problems/errors.js';

export interface CursorState {
  rev: string; // the revision the first page came from
  off: number; // offset of the next page
  scope: string; // hash of the route and its filters: a cursor only continues the query it came from
  key?: string; // the sort key of the row just before `off`, where the collection pages by key: the next page seeks it
}

const KEY = process.env.DALA_CURSOR_KEY
  ? Buffer.from(process.env.DALA_CURSOR_KEY, 'utf8')
  : randomBytes(32);
const check = (payload: string) =>
  createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 32);
const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function scopeOf(route: string, params: Record<string, unknown>): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'cursor' && params[k] !== undefined)
    .sort();
  const canonical = JSON.stringify([route, keys.map((k) => [k, String(params[k])])]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

export function encodeCursor(state: CursorState): string {
  const body =
    state.key === undefined
      ? { v: 1, rev: state.rev, off: state.off, scope: state.scope }
      : { v: 1, rev: state.rev, off: state.off, scope: state.scope, key: state.key };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${check(payload)}`;
}

export function decodeCursor(token: string, expectedScope: string): CursorState {
  const [payload = '', sum = '', extra] = token.split('.');
  if (extra !== undefined || payload === '' || !equal(check(payload), sum)) {
    throw new ProblemError(
      'invalid_cursor',
      'The cursor is not one this service issued (integrity check failed); start again without a cursor.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new ProblemError(
      'invalid_cursor',
      'The cursor payload is not JSON; start again without a cursor.',
    );
  }
  const v = value as Partial<CursorState> & { v?: number };
  if (
    typeof value !== 'object' ||
    value === null ||
    v.v !== 1 ||
    typeof v.rev !== 'string' ||
    !/^[0-9a-f]{16}$/.test(v.rev) ||
    !Number.isSafeInteger(v.off) ||
    (v.off as number) < 0 ||
    typeof v.scope !== 'string' ||
    (v.key !== undefined && typeof v.key !== 'string')
  ) {
    throw new ProblemError(
      'invalid_cursor',
      'The cursor has an unknown version or missing fields; start again without a cursor.',
    );
  }
  if (v.scope !== expectedScope) {
    throw new ProblemError(
      'invalid_cursor',
      'The cursor belongs to a different query or route; a cursor only continues the query that issued it.',
    );
  }
  return v.key === undefined
    ? { rev: v.rev, off: v.off as number, scope: v.scope }
    : { rev: v.rev, off: v.off as number, scope: v.scope, key: v.key };
}
