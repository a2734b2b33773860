// Snapshots + sources/ tables -> the model. Every snapshot hash is verified before any reader runs.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { sha256Hex } from '../lib/hash.js';
import { canonicalHash } from '../lib/hash.js';
import { loadHandTables } from '../sources/hand-tables.js';
import { loadRegistry } from '../sources/registry/load.js';
import { keySeries } from '../sources/series-keys.js';
import { loadNameTables } from '../sources/name-tables.js';
import { publicHolidays } from '../sources/holidays.js';
import { loadPassports, verifySnapshots } from '../sources/snapshots.js';
import { buildDatasets, refuseFutureData } from './datasets.js';
import { assembleGeo } from './geo-assemble.js';
import { buildLayers } from './layers.js';
import type { Model } from './model.js';
import { readTables } from './read-tables.js';
import { buildSources } from './sources.js';
import { buildTimeOf } from './build-time.js';
import type { Point, PublicEvent } from './types.js';
import { withReciprocalConcepts } from './same-concept.js';

export interface AssembleOptions {
  snapshotsDir: string;
  sourcesDir: string;
  /** SOURCE_DATE_EPOCH; undefined: the day the newest snapshot was retrieved (./build-time.ts). */
  builtAt?: Date | undefined;
}

export const HOLIDAY_YEARS = { from: 2020, to: 2026 } as const;

export async function assembleModel(opts: AssembleOptions): Promise<Model> {
  const passports = await loadPassports(opts.sourcesDir);
  const builtAt = buildTimeOf(passports, opts.builtAt);
  const resolve = await verifySnapshots(opts.snapshotsDir, passports);
  const tables = await loadHandTables(opts.sourcesDir);
  const registry = await loadRegistry(opts.sourcesDir, resolve);
  const nameTables = await loadNameTables(opts.sourcesDir);
  const regions = [...tables.regions].sort((a, b) => (a.iso < b.iso ? -1 : 1));

  const { geo, districts } = await assembleGeo(resolve, regions, tables.districtCorrections);
  const read = await readTables(registry, {
    resolve,
    regions,
    districts,
    districtCoverage: tables.districtCoverage,
  });
  // the base rate holds from its last decision until the release's as-of date (of every other series)
  read.points.push(...read.untilAsOf(latestNationalEnd(read.points)));
  // every point checked against its indicator's dimensions and keyed by its series (src/sources/series-keys.ts)
  const fileOf = (sourceId: string) =>
    passports.find((p) => p.id === sourceId)?.path ?? `source ${sourceId}`;
  const points = keySeries(read.points, registry.indicators, fileOf).sort(comparePoints);

  const byDate = (a: PublicEvent, b: PublicEvent) =>
    a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1;
  const events = [...tables.events].sort(byDate);
  const holidays = publicHolidays(HOLIDAY_YEARS.from, HOLIDAY_YEARS.to).sort(byDate);

  const tableHashes = await hashTables(
    opts.sourcesDir,
    registry.sources.flatMap((s) => s.tables ?? []),
  );

  const asOf = latestNationalEnd(points);
  const media = tables.media;
  const mediaLast = media.publications.reduce<string | null>(
    (m, p) => (m === null || p.date > m ? p.date : m),
    null,
  );
  const builtDay = builtAt.toISOString().slice(0, 10);
  const pastEvents = events.filter((e) => e.date <= builtDay && e.review_status === 'reviewed');
  const late = media.publications.filter((p) => p.date > asOf || p.date > builtDay);
  if (late.length > 0) {
    throw new Error(
      `sources/media-sample.json: ${late.length} demonstration items dated after the release's as_of ${asOf} or build date ${builtDay} (first ${late[0]!.id} on ${late[0]!.date})`,
    );
  }
  const pastHolidays = holidays.filter((h) => h.date <= builtDay);
  const datasets = buildDatasets(registry, registry.indicators, points, {
    latestEvent: verifiedEventDate(pastEvents),
    latestHoliday: pastHolidays.at(-1)?.date ?? null,
    mediaLast,
  });
  refuseFutureData(datasets, builtDay);

  return {
    builtAt: builtAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    asOf,
    passports,
    sources: buildSources(registry, passports, tableHashes),
    regions,
    legacyPlaces: tables.legacyPlaces,
    districts,
    districtCoverage: tables.districtCoverage,
    indicators: withReciprocalConcepts(registry.indicators),
    layers: buildLayers(registry, registry.indicators),
    topics: registry.topics,
    points,
    institutions: [...tables.institutions].sort((a, b) => (a.id < b.id ? -1 : 1)),
    events,
    holidays,
    flags: { preliminaryColumns: read.preliminaryColumns },
    media,
    nameTables,
    geo,
    datasets,
  };
}

/** The release's as-of date: the latest period end of a published national value. */
function latestNationalEnd(points: readonly Point[]): string {
  return points
    .filter((p) => p.value !== null && p.place === 'KZ' && p.status !== 'demonstration')
    .reduce((max, p) => (p.period_end > max ? p.period_end : max), '0000-00-00');
}

const verifiedEventDate = (events: PublicEvent[]) => events.at(-1)?.date ?? null;

/**
 * The hash of each sources/ file or package a source lists: a file's sha256, a directory's hash over
 * its files' (by name), a package's name and version.
 */
async function hashTables(sourcesDir: string, tables: string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const t of new Set(tables)) {
    if (t.startsWith('node_modules/')) {
      const name = t.slice('node_modules/'.length);
      hashes[t] = `${name}@${createRequire(import.meta.url)(`${name}/package.json`).version}`;
    } else if (t.endsWith('/')) {
      const dir = join(sourcesDir, t.slice('sources/'.length));
      const files = (await readdir(dir)).sort();
      hashes[t] = canonicalHash(
        await Promise.all(files.map(async (f) => [f, sha256Hex(await readFile(join(dir, f)))])),
      );
    } else hashes[t] = sha256Hex(await readFile(join(sourcesDir, t.slice('sources/'.length))));
  }
  return hashes;
}

export function comparePoints(a: Point, b: Point): number {
  return (
    cmp(a.metric, b.metric) ||
    cmp(a.place, b.place) ||
    cmp(a.period_start, b.period_start) ||
    cmp(a.period_end, b.period_end) ||
    cmp(a.period, b.period)
  );
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
