// MCP resources (MCP 2025-06-18 "Resources"): the release manifest (every file of the release with
// its checksum, its lineage and permalink) and each dataset's passport as /api/v1/datasets/{id}
// answers it (src/serve/v1/datasets.ts: freshness evaluated now, how to cite it). Read from the
// release pinned for the request, never written.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type {
  ListResourcesResult,
  ReadResourceResult,
  ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { entityReaderOf } from '../../store/entity-reader.js';
import { datasetView } from '../v1/datasets.js';
import { MAX_LIMIT } from '../v1/paging.js';
import { parseEntity } from '../v1/search/hits.js';

export const MANIFEST_URI = 'dala://release/manifest';
const DATASET_PREFIX = 'dala://datasets/';
const JSON_TYPE = 'application/json';

// MCP 2025-06-18 "Resources", error handling: resource not found.
const RESOURCE_NOT_FOUND = -32002;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: `${DATASET_PREFIX}{dataset}`,
    name: 'dataset-passport',
    title: 'Dataset passport',
    description:
      "A dataset's passport: what it holds, its indicators, sources, publication limits, freshness (evaluated now) and how to cite it, e.g. dala://datasets/population.",
    mimeType: JSON_TYPE,
  },
];

/** A page of the resources: the manifest first, then the dataset passports in id order (cursor: the last id). */
export function listResources(
  release: LoadedRelease,
  cursor: string | undefined,
): ListResourcesResult {
  if (cursor !== undefined && !cursor.startsWith('dataset:'))
    throw new McpError(ErrorCode.InvalidParams, 'cursor: not a cursor this server gave');
  const rows = entityReaderOf(release).pageAfter(['dataset'], cursor ?? null, MAX_LIMIT);
  const datasets = rows.map((row) => {
    const e = parseEntity(row);
    const description = e.data['description'];
    return {
      uri: DATASET_PREFIX + e.id.replace(/^dataset:/, ''),
      name: e.id,
      title: e.names.en,
      ...(typeof description === 'string' ? { description } : {}),
      mimeType: JSON_TYPE,
    };
  });
  const manifest = {
    uri: MANIFEST_URI,
    name: 'release-manifest',
    title: `Release manifest (${release.revision})`,
    description:
      'The sealed release every answer comes from: its revision, as-of date, every file with its sha256, the earlier revisions (lineage) and the permalink base.',
    mimeType: JSON_TYPE,
  };
  return {
    resources: cursor === undefined ? [manifest, ...datasets] : datasets,
    ...(rows.length === MAX_LIMIT ? { nextCursor: rows.at(-1)!.id } : {}),
  };
}

export function readResource(release: LoadedRelease, uri: string, now: Date): ReadResourceResult {
  if (uri === MANIFEST_URI) {
    const file = release.files.get('release-manifest.json');
    if (file) return { contents: [{ uri, mimeType: JSON_TYPE, text: file.body.toString('utf8') }] };
  } else if (uri.startsWith(DATASET_PREFIX)) {
    let id = '';
    try {
      id = `dataset:${decodeURIComponent(uri.slice(DATASET_PREFIX.length))}`;
    } catch {
      // malformed percent-encoding names no dataset
    }
    const row = id ? entityReaderOf(release).get(id) : undefined;
    if (row?.type === 'dataset')
      return {
        contents: [
          {
            uri,
            mimeType: JSON_TYPE,
            text: JSON.stringify(datasetView(parseEntity(row), release, now)),
          },
        ],
      };
  }
  throw new McpError(
    RESOURCE_NOT_FOUND,
    `Resource ${uri} not found in release ${release.revision}; resources/list names them`,
    { uri },
  );
}
