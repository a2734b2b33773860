// data/release-manifest.json: revision, artifact hashes, sources and a rollback link (docs/interface.md §2.2).
// Built here by the sealer, not in publish/, since only the seal knows the revision and the previous one.
import type { ReleaseSeal } from './layout.js';
import { NO_PUBLIC_URL_NOTE } from '../lib/config.js';
import type { Model } from '../model/model.js';
import { CONTRACT_VERSION, sourceRef } from '../publish/contracts/header.js';

/**
 * `lineage`: every earlier revision, newest first (how a server knows a pruned revision existed);
 * `permalink`: where this release's files stay, byte for byte, while the server keeps it. Both
 * name the revision, so they live here, outside the hashed content. `public_url`: the base it was
 * built for, or null with a note: then the permalink is a path on the server serving the release.
 */
export function releaseManifest(
  model: Model,
  seal: ReleaseSeal,
  earlier: string[],
  publicUrl: string | undefined,
) {
  return {
    contract: 'release-manifest',
    contract_version: CONTRACT_VERSION,
    built_at: seal.built_at,
    as_of: seal.as_of,
    revision: seal.revision,
    schema_version: seal.schema_version,
    previous_revision: seal.previous_revision,
    rollback: seal.rollback,
    lineage: earlier,
    public_url: publicUrl ?? null,
    ...(publicUrl === undefined ? { public_url_note: NO_PUBLIC_URL_NOTE } : {}),
    permalink: `${publicUrl ?? ''}/r/${seal.revision}/data/`,
    revision_rule:
      'first 16 hex of sha256 over RFC 8785 JSON of the sorted [{path, sha256, bytes}] of every file except this one and release.json',
    sources: model.sources.map((s) => sourceRef(model, s.id)),
    artifacts: seal.files.map((f) => ({
      path: f.path,
      sha256: f.sha256,
      bytes: f.bytes,
      media_type: f.media_type,
    })),
  };
}
