import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { canonicalJson } from './canonical-json.js';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 over the RFC 8785 canonical form of a JSON value. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

export async function sha256File(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
