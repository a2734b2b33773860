// Dataset passports: what each published dataset holds, where it comes from and how fresh it must
// be, as the registry declares them (src/sources/registry): one per dataset declaration (its
// series, /data/datasets/<id>.json and .csv) and the reference datasets. A series dataset's sla_days
// follows the cadence of its indicators (./dataset-freshness.ts); boundaries change with reforms
// (730 days).
import type { Registry } from '../sources/registry/load.js';
import type { ReferenceDataset } from '../sources/registry/schema.js';
import { freshnessOf, valuesByIndicator } from './dataset-freshness.js';
import type { Indicator, Point } from './types.js';
import type { DatasetDef } from './model.js';

// Says exactly what Dala changes (each change is also stated in the point's note): nothing else. The
// one rounding rule is asDisplayed (src/sources/bns-grid-checks.ts); CSV transcriptions keep the
// decimals of the table they copy (src/sources/bns-csv.ts).
const AS_PUBLISHED =
  "Every number is published as its table displays it: a spreadsheet cell to the decimals of its number format (a cell holding 4917.916666666667 shown as 4,918 is published as 4918), a cell in the General format and a CSV field as written, with binary floating-point noise beyond 12 significant digits dropped, and a CSV transcription of a Bureau table to that table's decimals; each changed value says so in its note. A value the source calls an estimate has status estimate. Missing values are published as null with a reason; labels are normalised.";
/** A series dataset's limits: whose official statistics (the Bureau's unless declared), the rule, where to check. */
const officialLimits = (of?: { of: string; check_at: string }) =>
  `${of?.of ?? 'Official statistics of the Bureau.'} ${AS_PUBLISHED} Legally significant use must be checked at ${of?.check_at ?? 'stat.gov.kz'}.`;
const OFFICIAL_LIMITS = officialLimits();

/** The indicators whose latest figure per region official-regional-indicators.json carries. */
export const regionalIndicators = (indicators: readonly Indicator[]): Indicator[] =>
  indicators.filter((i) => i.family !== undefined);

const unique = (ids: string[]) => [...new Set(ids)];

export function buildDatasets(
  registry: Registry,
  indicators: readonly Indicator[],
  points: Point[],
  dates: { latestEvent: string | null; latestHoliday: string | null; mediaLast: string | null },
): DatasetDef[] {
  const regional = regionalIndicators(indicators);
  // a breakdown's former indicator id (life_expectancy_female_rural) has its indicator's cadence
  const frequencies = new Map(
    indicators.flatMap((i) =>
      [i.id, ...(i.deprecated_ids ?? []).map((d) => d.id)].map((id) => [id, i.frequency] as const),
    ),
  );
  const values = valuesByIndicator(points);
  const series: DatasetDef[] = registry.datasets.map((d) => {
    const tables = registry.tables.filter((t) => t.dataset === d.id);
    return {
      id: d.id,
      title: d.title,
      description: d.description,
      path: `datasets/${d.id}.json`,
      csv_path: `datasets/${d.id}.csv`,
      source_ids: unique(tables.map((t) => t.source.id)),
      ...freshnessOf(
        values,
        tables.flatMap((t) => t.indicators.map((i) => i.id)),
        frequencies,
      ),
      historical: d.historical ?? false,
      quality_status: d.quality_status,
      publication_limits: d.publication_limits ?? officialLimits(d.official_statistics),
    };
  });
  const asOf = (r: ReferenceDataset): Pick<DatasetDef, 'as_of' | 'parts'> => {
    switch (r.as_of) {
      case 'regional-indicators':
        return freshnessOf(
          values,
          regional.map((i) => i.id),
          frequencies,
        );
      case 'verified-events':
        return { as_of: dates.latestEvent };
      case 'holidays':
        return { as_of: dates.latestHoliday };
      case 'media-sample':
        return { as_of: dates.mediaLast };
      case 'none':
        return { as_of: null };
      default:
        return { as_of: r.as_of };
    }
  };
  const references: DatasetDef[] = registry.references.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    path: r.path,
    csv_path: r.csv_path,
    source_ids:
      r.sources === 'regional-indicators' ? unique(regional.map((i) => i.source_id)) : r.sources,
    // the regional files' SLA is their indicators' shortest cadence (./dataset-freshness.ts)
    sla_days: r.sla_days,
    ...asOf(r),
    historical: r.historical ?? false,
    quality_status: r.quality_status,
    publication_limits: r.publication_limits ?? OFFICIAL_LIMITS,
  }));
  return [...series, ...references];
}

/** A release cannot describe data from its own future: the build refuses rather than report a negative age. */
export function refuseFutureData(datasets: DatasetDef[], builtDay: string): void {
  for (const d of datasets) {
    if (d.as_of !== null && d.as_of > builtDay) {
      throw new Error(
        `dataset ${d.id}: as_of ${d.as_of} is after the build date ${builtDay}; a release cannot be older than its data (is SOURCE_DATE_EPOCH too early?)`,
      );
    }
  }
}
