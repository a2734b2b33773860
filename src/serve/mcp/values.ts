// A value as the MCP tools give it: the v1 observation (src/serve/v1/observations.ts) with what a
// model needs to cite it beside it (docs/interface.md §1.1-§1.3): the place's name, the primary
// source's name and address, and the permalink of the sealed file of the release the value came from
// (/r/{revision}/data/..., the same bytes for as long as the server keeps that release).
import type { LoadedRelease } from '../releases/release-types.js';
import { entityReaderOf } from '../../store/entity-reader.js';
import { releasePermalink } from '../../lib/permalinks.js';
import { publicBaseOf } from '../permalinks/citation.js';
import { parseEntity } from '../v1/search/hits.js';
import type { Locale } from '../v1/search/ranking.js';
import { observationSchema, type observationView } from '../v1/observations.js';

type ObservationView = ReturnType<typeof observationView>;

const OBSERVATION = observationSchema.properties;

export const VALUE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'indicator',
    'dimensions',
    'place',
    'place_name',
    'period',
    'period_start',
    'period_end',
    'value',
    'null_reason',
    'status',
    'note',
    'unit',
    'source',
    'source_name',
    'source_url',
    'revision',
    'permalink',
  ],
  properties: {
    indicator: { type: 'string', description: 'indicator:<id>' },
    dimensions: OBSERVATION.dimensions,
    place: { type: 'string', description: 'place:<ISO 3166-2 code>; place:KZ is the country.' },
    place_name: { type: ['string', 'null'] },
    period: {
      type: 'string',
      description:
        'The period the value is for (2024, 2024-Q1, 2024-H1, 2024-9M cumulative, 2024-01, 2024-W03, 2024-01-15, 2022/23 school year). Always state it with the value.',
    },
    period_start: OBSERVATION.period_start,
    period_end: OBSERVATION.period_end,
    value: {
      type: ['number', 'null'],
      description: 'null: not published (see null_reason); never read a null as 0.',
    },
    null_reason: { type: ['string', 'null'], description: 'Why value is null; null otherwise.' },
    status: {
      type: 'string',
      description:
        'final, preliminary, suspicious (low reliability), or demonstration (synthetic, never cite).',
    },
    note: {
      type: ['string', 'null'],
      description: 'What to know about this value (series breaks, border changes, estimates).',
    },
    unit: { type: 'string' },
    source: { type: 'string', description: 'source:<id>, the primary source.' },
    source_name: { type: ['string', 'null'] },
    source_url: { type: ['string', 'null'], description: "The primary source's page." },
    revision: { type: 'string', description: 'The sealed release the value came from.' },
    permalink: {
      type: 'string',
      description:
        'URL of the sealed file of that release holding the value (/r/{revision}/data/...): cite it.',
    },
  },
} as const;

/** Per release: each indicator's own dataset file (the CSV of its family), for permalinks. */
const familyFiles = new WeakMap<LoadedRelease, Map<string, string>>();

// The dataset passports name their indicators (parts); the file of the dataset with the fewest
// parts is the indicator's own family, before a file that gathers every family.
function filesOf(release: LoadedRelease): Map<string, string> {
  let files = familyFiles.get(release);
  if (files) return files;
  files = new Map();
  const parts = new Map<string, number>();
  for (const row of entityReaderOf(release).pageAfter(['dataset'], null, 10_000)) {
    const data = parseEntity(row).data;
    const path = data['csv_path'] ?? data['path'];
    const of = Array.isArray(data['parts']) ? (data['parts'] as { indicator?: unknown }[]) : [];
    if (typeof path !== 'string') continue;
    for (const p of of) {
      if (typeof p.indicator !== 'string') continue;
      if ((parts.get(p.indicator) ?? Infinity) <= of.length) continue;
      parts.set(p.indicator, of.length);
      files.set(p.indicator, path);
    }
  }
  familyFiles.set(release, files);
  return files;
}

/**
 * The absolute permalink a value of `indicator` is cited by: its family's sealed CSV in this
 * release, or the release manifest (which lists every file) where no dataset names the indicator.
 */
export function permalinkOf(release: LoadedRelease, indicator: string): string {
  const path = filesOf(release).get(indicator) ?? 'release-manifest.json';
  return `${publicBaseOf(release)}${releasePermalink(release.revision, path)}`;
}

/** Names of entities read once per answer. */
export class Labels {
  private readonly names = new Map<string, string | null>();
  private readonly sources = new Map<string, { name: string | null; url: string | null }>();

  constructor(
    private readonly release: LoadedRelease,
    private readonly locale: Locale = 'en',
  ) {}

  /** An entity's name in the locale (English where it has no translation), or null. */
  name(id: string): string | null {
    if (!this.names.has(id)) {
      const n = entityReaderOf(this.release).names(id);
      this.names.set(id, n ? (n[this.locale] ?? n.en) : null);
    }
    return this.names.get(id)!;
  }

  source(id: string): { name: string | null; url: string | null } {
    let s = this.sources.get(id);
    if (!s) {
      const row = entityReaderOf(this.release).get(id);
      const url = row ? parseEntity(row).data['url'] : null;
      s = { name: this.name(id), url: typeof url === 'string' ? url : null };
      this.sources.set(id, s);
    }
    return s;
  }
}

/** A v1 observation as an MCP value. */
export function valueOf(release: LoadedRelease, v: ObservationView, labels: Labels) {
  const source = labels.source(v.source as string); // every point names its source
  return {
    indicator: v.indicator,
    dimensions: v.dimensions as Record<string, string>,
    place: v.place,
    place_name: labels.name(v.place),
    period: v.period as string,
    period_start: v.period_start,
    period_end: v.period_end,
    value: v.value,
    null_reason: v.null_reason,
    status: v.status,
    note: (v['note'] as string | null | undefined) ?? null,
    unit: v.unit as string,
    source: v.source as string,
    source_name: source.name,
    source_url: source.url,
    revision: release.revision,
    permalink: permalinkOf(release, v.indicator.replace(/^indicator:/, '')),
  };
}

/** One line of text for a value: what, where, when and how much, with its status and note. */
export function valueLine(v: ReturnType<typeof valueOf>): string {
  const dims = Object.entries(v.dimensions)
    .map(([d, c]) => `${d}=${c}`)
    .join(', ');
  const figure =
    v.value === null
      ? `not published (${v.null_reason ?? 'no reason given'})`
      : `${v.value} ${v.unit}`;
  const extra = [v.status !== 'final' ? v.status : null, v.note].filter(Boolean).join('; ');
  return `${v.indicator}${dims ? ` [${dims}]` : ''}, ${v.place_name ?? v.place} (${v.place}), ${v.period}: ${figure}${extra ? ` (${extra})` : ''}`;
}

/** Where the values of an answer are from and how to cite them, said once for all of them. */
export function citationLines(values: readonly ReturnType<typeof valueOf>[]): string[] {
  const sources = new Map(values.map((v) => [v.source, v]));
  const links = new Set(values.map((v) => v.permalink));
  return [
    ...[...sources.values()].map(
      (v) => `source: ${v.source_name ?? v.source}${v.source_url ? ` (${v.source_url})` : ''}`,
    ),
    ...[...links].map((l) => `cite: ${l}`),
  ];
}
