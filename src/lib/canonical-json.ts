// RFC 8785 (JSON Canonicalization Scheme) through the `canonicalize` package: wherever bytes are
// hashed (content hashes, revisions) they are hashed in this one canonical form, so a client
// can recompute them with any JCS implementation.
import canonicalizeImpl from 'canonicalize';

const canonicalizeFn = canonicalizeImpl as unknown as (value: unknown) => string | undefined;

export function canonicalJson(value: unknown): string {
  const out = canonicalizeFn(value);
  if (out === undefined)
    throw new TypeError('value cannot be canonicalized (undefined at top level)');
  return out;
}

/** Pretty, key-sorted JSON for published files: stable bytes, readable diffs. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + '\n';
}

/** Key-sorted JSON without whitespace, for large files such as GeoJSON. */
export function compactStableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
