// Opaque cursors pinned to the revision they were issued under (DESIGN.md "Contracts"), so paging
// keeps reading the same sealed release while a new one lands. The token is base64url(JSON) plus a
// sha256 check over it: integrity, not secrecy or authenticity. A forged cursor can only name
// another offset or revision of public data, which the client could ask for anyway.
import { createHash } from 'node:crypto';
import { ProblemError } from '../errors.js';

export interface CursorState {
  rev: string; // the revision the first page came from
  off: number; // offset of the next page
  scope: string; // hash of the route and its filters: a cursor only continues the query it came from
}

const check = (payload: string) => createHash('sha256').update(payload).digest('base64url').slice(0, 22);

export function scopeOf(route: string, params: Record<string, unknown>): string {
  const keys = Object.keys(params).filter((k) => k !== 'cursor' && params[k] !== undefined).sort();
  const canonical = JSON.stringify([route, keys.map((k) => [k, String(params[k])])]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

export function encodeCursor(state: CursorState): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, rev: state.rev, off: state.off, scope: state.scope })).toString('base64url');
  return `${payload}.${check(payload)}`;
}

export function decodeCursor(token: string, expectedScope: string): CursorState {
  const [payload = '', sum = '', extra] = token.split('.');
  if (extra !== undefined || payload === '' || check(payload) !== sum) {
    throw new ProblemError('invalid_cursor', 'The cursor is not one this service issued (integrity check failed); start again without a cursor.');
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new ProblemError('invalid_cursor', 'The cursor payload is not JSON; start again without a cursor.');
  }
  const v = value as Partial<CursorState> & { v?: number };
  if (v.v !== 1 || typeof v.rev !== 'string' || !Number.isSafeInteger(v.off) || (v.off as number) < 0 || typeof v.scope !== 'string') {
    throw new ProblemError('invalid_cursor', 'The cursor has an unknown version or missing fields; start again without a cursor.');
  }
  if (v.scope !== expectedScope) {
    throw new ProblemError('invalid_cursor', 'The cursor belongs to a different query or route; a cursor only continues the query that issued it.');
  }
  return { rev: v.rev, off: v.off as number, scope: v.scope };
}
