// What territory each figure of the district bulletin covers where the bulletin (1 January 2023) and
// the geokz 2024 boundaries do not share a district (sources/district-bulletin-coverage.json):
// - a geokz district formed after the bulletin has no row: it answers a null whose reason names the
//   bulletin's row(s) that count its people, never a silent "no observation" (DESIGN: a missing
//   value is null with a reason); those rows' figures say they cover its land too while drawn with
//   the smaller 2024 polygon;
// - a bulletin district geokz does not draw (Sauran) is on no place: the unit whose polygon holds its
//   land says so, and that its people are outside its figure, so the region's districts fall short.
import type { DistrictCoverage, Point } from './records.js';
import type { DimensionCodes } from '../lib/dimensions.js';
import { instantPeriod } from './bns-periods.js';

/** What the coverage needs of a district entity (src/model/types.ts District). */
export interface CoveredDistrict { id: string; pcode: string; region_iso: string; name: { en: string } }

const formed = (r: DistrictCoverage) =>
  `formed ${r.formed_on ? `on ${r.formed_on} ` : ''}out of ${r.formed_from}; ${r.review_status}, ${r.source_url}`;

const rows = (labels: readonly string[]) => labels.map((l) => `"${l}"`).join(', ');

/** The null reason of a district with no bulletin row. */
export function absentReason(r: DistrictCoverage): string {
  const which = r.counted_in.length === 1 ? 'the row' : 'one or more of the rows';
  return `no row in the bulletin of 1 January 2023: ${r.name_en} was ${formed(r)}; its people are counted in ${which} ${rows(r.counted_in)}`;
}

/** The note a holding row's figures carry: whose land they also cover, drawn with which polygon. */
export function holderNote(r: DistrictCoverage, district: CoveredDistrict): string {
  const may = r.counted_in.length === 1 ? 'covers' : 'may cover';
  return `this figure ${may} the territory of ${r.name_en} (${district.id}) too, ${formed(r)}; it is drawn with the 2024 polygon, which leaves ${r.name_en} out`;
}

/** The note on the unit whose polygon holds the land of a bulletin district geokz does not draw. */
export function undrawnNote(r: DistrictCoverage, persons: number): string {
  return `geokz 1.0.2 draws no ${r.name_en}: ${r.name_en} was ${formed(r)}; geokz having no unit for it, its land lies in this unit's 2024 polygon; its ${persons} persons (the bulletin's row "${r.bulletin_row}") are not in this figure and on no published place, so the region's districts sum to ${persons} less than the region`;
}

/** The nulls of the districts with no row, one per column of the bulletin (`dims`). */
export function absentPoints(
  coverage: readonly DistrictCoverage[],
  districts: readonly CoveredDistrict[],
  dims: readonly DimensionCodes[],
): Point[] {
  return coverage.flatMap((r) => {
    if (r.district_pcode === undefined) return [];
    const d = districts.find((x) => x.pcode === r.district_pcode && x.region_iso === r.region_iso);
    if (!d) throw new Error(`sources/district-bulletin-coverage.json: ${r.district_pcode} is no geokz district of ${r.region_iso}`);
    return dims.map((dimensions) => ({
      metric: 'population_by_district', place: d.id.replace(/^place:/u, ''), ...instantPeriod('2023-01-01'),
      value: null, null_reason: absentReason(r), status: 'final', unit: 'persons',
      source_id: 'bns-population-bulletin-2023', note: null, dimensions,
    }));
  });
}

/**
 * Why a region's district figures (the bulletin's) do not match its 2024 district set one to one, or
 * do not sum to the region: said on the region's district list (region analytics).
 */
export function regionDistrictNotes(
  coverage: readonly DistrictCoverage[],
  districts: readonly CoveredDistrict[],
  iso: string,
): string[] {
  return coverage
    .filter((r) => r.region_iso === iso)
    .map((r) => {
      if (r.district_pcode !== undefined) {
        const d = districts.find((x) => x.pcode === r.district_pcode);
        return `${r.name_en} (${d?.id}) has no figure in the district bulletin of 1 January 2023; ${absentReason(r).replace(/^.*; its people/u, 'its people')}`;
      }
      const holder = districts.find((x) => x.pcode === r.drawn_in);
      return `the districts' figures of the bulletin of 1 January 2023 do not sum to the region: its row "${r.bulletin_row}" (${r.name_en}, ${formed(r)}) has no geokz 1.0.2 unit and is on no published place; its land lies in the polygon of ${holder?.name.en} (${holder?.id}), whose figure says how many persons it leaves out`;
    });
}
