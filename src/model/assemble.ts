// Snapshots + sources/ tables -> the model. Every snapshot hash is verified before any reader runs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { sha256Hex } from '../lib/hash.js';
import { readBnsCsv } from '../sources/bns-csv.js';
import { EMPLOYED_SPEC, POPULATION_SPEC, UNEMPLOYMENT_SPEC } from '../sources/bns-csv-specs.js';
import { readGrpWorkbook } from '../sources/bns-grp.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../sources/bns-reforms.js';
import { loadHandTables } from '../sources/hand-tables.js';
import { keySeries } from '../sources/series-keys.js';
import { loadNameTables } from '../sources/name-tables.js';
import { publicHolidays } from '../sources/holidays.js';
import { normaliseLabel } from '../sources/homoglyphs.js';
import { loadPassports, verifySnapshots } from '../sources/snapshots.js';
import { readBnsExtra } from './bns-extra.js';
import { readBnsMore, readBnsMoreDims } from './bns-more.js';
import { readNbk } from './nbk.js';
import { buildDatasets, refuseFutureData } from './datasets.js';
import { assembleGeo } from './geo-assemble.js';
import type { Model } from './model.js';
import { buildSources } from './sources.js';
import { buildTimeOf } from './build-time.js';
import type { Point, PublicEvent, Region } from './types.js';

export interface AssembleOptions {
  snapshotsDir: string;
  sourcesDir: string;
  /** SOURCE_DATE_EPOCH; undefined: the day the newest snapshot was retrieved (./build-time.ts). */
  builtAt?: Date | undefined;
}

const TABLES = [
  'regions',
  'legacy-places',
  'indicators',
  'institutions',
  'events',
  'district-corrections',
  'media-sample',
  'historical-names',
  'abbreviations',
];
export const HOLIDAY_YEARS = { from: 2020, to: 2026 } as const;

export async function assembleModel(opts: AssembleOptions): Promise<Model> {
  const passports = await loadPassports(opts.sourcesDir);
  const builtAt = buildTimeOf(passports, opts.builtAt);
  const resolve = await verifySnapshots(opts.snapshotsDir, passports);
  const tables = await loadHandTables(opts.sourcesDir);
  const nameTables = await loadNameTables(opts.sourcesDir);
  const regions = [...tables.regions].sort((a, b) => (a.iso < b.iso ? -1 : 1));

  const { geo, districts } = await assembleGeo(resolve, regions, tables.districtCorrections);
  const grp = await readGrpWorkbook(
    resolve('bns/gross-regional-product.xlsx'),
    grpLabelResolver(regions),
  );
  const nbk = await readNbk(resolve);
  const read: Point[] = [
    ...(await readBnsCsv(resolve('bns/population_avg_annual_by_region.csv'), POPULATION_SPEC)),
    ...(await readBnsCsv(resolve('bns/employed_by_region.csv'), EMPLOYED_SPEC)),
    ...(await readBnsCsv(resolve('bns/unemployment_rate_by_region.csv'), UNEMPLOYMENT_SPEC)),
    ...grp.points,
    ...(await readBnsExtra(resolve, regions)),
    ...(await readBnsMore(resolve, regions)),
    ...(await readBnsMoreDims(resolve, regions, districts)),
    ...nbk.points,
  ];
  // the base rate holds from its last decision until the release's as-of date (of every other series)
  read.push(...nbk.baseRate(latestNationalEnd(read)));
  // every point checked against its indicator's dimensions and keyed by its series (src/sources/series-keys.ts)
  const fileOf = (sourceId: string) =>
    passports.find((p) => p.id === sourceId)?.path ?? `source ${sourceId}`;
  const points = keySeries(read, tables.indicators, fileOf).sort(comparePoints);

  const byDate = (a: PublicEvent, b: PublicEvent) =>
    a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1;
  const events = [...tables.events].sort(byDate);
  const holidays = publicHolidays(HOLIDAY_YEARS.from, HOLIDAY_YEARS.to).sort(byDate);

  const tableHashes: Record<string, string> = {};
  for (const t of TABLES)
    tableHashes[`sources/${t}.json`] = sha256Hex(
      await readFile(join(opts.sourcesDir, `${t}.json`)),
    );
  tableHashes['node_modules/date-holidays'] =
    `date-holidays@${createRequire(import.meta.url)('date-holidays/package.json').version}`;

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
  // a breakdown's former indicator id (life_expectancy_female_rural) has its indicator's cadence
  const frequencies = new Map(
    tables.indicators.flatMap((i) =>
      [i.id, ...(i.deprecated_ids ?? []).map((d) => d.id)].map((id) => [id, i.frequency] as const),
    ),
  );
  const datasets = buildDatasets(points, frequencies, {
    latestEvent: verifiedEventDate(pastEvents),
    latestHoliday: pastHolidays.at(-1)?.date ?? null,
    mediaLast,
  });
  refuseFutureData(datasets, builtDay);

  return {
    builtAt: builtAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    asOf,
    passports,
    sources: buildSources(passports, tableHashes),
    regions,
    legacyPlaces: tables.legacyPlaces,
    districts,
    indicators: tables.indicators,
    points,
    institutions: [...tables.institutions].sort((a, b) => (a.id < b.id ? -1 : 1)),
    events,
    holidays,
    flags: { preliminaryColumns: grp.preliminaryColumns },
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

/** GRP labels resolve through the regions table's Bureau label and names, never by guessing. */
function grpLabelResolver(regions: Region[]): (label: string) => string | null {
  const map = new Map<string, string>();
  const key = (s: string) => normaliseLabel(s).toLowerCase();
  map.set(key('Republic of Kazakhstan'), 'KZ');
  // the former South Kazakhstan region (renamed Turkistan in 2018): kept as its own legacy place
  map.set(key('Ontustik Kazakhstan'), SOUTH_KAZAKHSTAN_LEGACY);
  for (const r of regions) map.set(key(r.bns_grp_label), r.iso);
  return (label) => map.get(key(label)) ?? null;
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
