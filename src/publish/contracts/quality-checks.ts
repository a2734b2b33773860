// The checks of quality-report.json: each computes what its id says, from the model, independently
// of how the flags were set.
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';
import { isSeriesBreak } from '../../sources/bns-breaks.js';
import { BORDER_CHANGES } from '../../sources/bns-reforms.js';
import { validityErrors } from '../../geo/index.js';
import { adm1FileBytes } from './regions.js';

/** Each check computes what its id says, from the model, independently of how the flags were set. */
export function qualityChecks(model: Model) {
  const nulls = model.points.filter((p) => p.value === null);
  // a source that publishes 0 as a value (zero_is_value) writes no missing value as 0
  const zeroIsValue = new Set(model.indicators.filter((i) => i.zero_is_value).map((i) => i.id));
  const allZeros = model.points.filter((p) => p.value === 0);
  const sourceZeros = allZeros.filter((p) => !zeroIsValue.has(p.metric.split(';')[0]!));
  // a 0 the source itself prints where it may mean "no data" is published as printed, flagged
  // suspicious with a note saying so: explained, not a missing value written as 0 by Dala
  const explained = sourceZeros.filter((p) => p.status === 'suspicious' && p.note);
  const zeros = sourceZeros.filter((p) => !explained.includes(p));
  const reasonMismatch = model.points.filter(
    (p) => (p.value === null) !== (p.null_reason !== null),
  );
  const suspicious = model.points.filter((p) => p.status === 'suspicious');
  const flaggedColumns = new Set(model.flags.preliminaryColumns);
  const inFlagged = model.points.filter(
    (p) => flaggedColumns.has(`${p.metric} ${p.period}`) && p.value !== null,
  );
  const unflagged = inFlagged.filter((p) => p.status !== 'preliminary' || !p.note);
  const strayPreliminary = model.points.filter(
    (p) => p.status === 'preliminary' && !flaggedColumns.has(`${p.metric} ${p.period}`),
  );
  const unnoted = model.points.filter((p) => p.status !== 'final' && !p.note);
  const invalid = model.geo.adm1Simplified.features.filter(
    (f) => f.geometry && validityErrors(f.geometry).length > 0,
  );
  const adm1Bytes = adm1FileBytes(model);
  return [
    {
      id: 'no-zero-for-missing',
      passed: zeros.length === 0 && reasonMismatch.length === 0,
      detail: `${zeros.length} values equal to 0 where the source leaves a missing value empty (a 0 there would stand in for missing), ${explained.length} zeros printed by the source where it may mean no data, flagged suspicious with a note, ${allZeros.length - sourceZeros.length} zeros of sources that publish 0 as a value; ${nulls.length} null points, ${reasonMismatch.length} without a null_reason or with one beside a value`,
    },
    {
      id: 'suspicious-values-explained',
      passed: suspicious.every((p) => p.note),
      detail: `${suspicious.length} points flagged suspicious, ${suspicious.filter((p) => !p.note).length} without a note`,
    },
    {
      id: 'preliminary-values-flagged',
      passed:
        inFlagged.length > 0 === flaggedColumns.size > 0 &&
        unflagged.length === 0 &&
        strayPreliminary.length === 0,
      detail: `${inFlagged.length} values in the columns the source's footnotes mark preliminary (${[...flaggedColumns].join(', ') || 'none'}); ${unflagged.length} of them lack status preliminary or a note; ${strayPreliminary.length} preliminary points outside those columns`,
    },
    {
      id: 'flagged-points-noted',
      passed: unnoted.length === 0,
      detail: `${unnoted.length} points with a status other than final and no note`,
    },
    {
      id: 'geometry-valid',
      passed: invalid.length === 0,
      detail: `${model.geo.adm1Simplified.features.length - invalid.length} of ${model.geo.adm1Simplified.features.length} simplified ADM1 geometries pass JTS IsValidOp`,
    },
    borderChangesMarked(model),
    {
      id: 'adm1-file-size',
      passed: adm1Bytes <= 400_000,
      detail: `${adm1Bytes} bytes served, max area error ${model.geo.simplification.maxAreaError}`,
    },
  ];
}

/**
 * Every place whose borders changed (bns-reforms.ts: the 2022 parents, the 2018 successors of South
 * Kazakhstan) and that has values on both sides of the change in one series must carry a series-break
 * note on its first value in the new borders: in every family, rates and per-capita figures included.
 * A parent whose last earlier value sits beside values of the new places (back-cast) is in the new
 * borders already there, and has no break at the change.
 */
function borderChangesMarked(model: Model) {
  const missing: string[] = [];
  let checked = 0;
  const series = new Map<string, Point[]>();
  for (const p of model.points) {
    if (p.value === null) continue;
    const key = `${p.metric}|${p.place}`;
    if (!series.has(key)) series.set(key, []);
    series.get(key)!.push(p);
  }
  const metrics = new Set(model.points.map((p) => p.metric));
  const has = (metric: string, place: string, period: string) =>
    (series.get(`${metric}|${place}`) ?? []).some((p) => p.period === period);
  for (const metric of metrics) {
    for (const change of BORDER_CHANGES) {
      const changed = new Set([
        ...Object.values(change.parentOf).filter((p) => !change.abolished.includes(p)),
        ...Object.keys(change.parentOf).filter((c) =>
          change.abolished.includes(change.parentOf[c]!),
        ),
      ]);
      for (const place of changed) {
        const predecessor = change.abolished.includes(change.parentOf[place] ?? '')
          ? change.parentOf[place]!
          : place;
        const byEnd = [...(series.get(`${metric}|${place}`) ?? [])].sort((a, b) =>
          a.period_end < b.period_end ? -1 : 1,
        );
        const after = byEnd.find((p) => p.period_end >= change.date);
        const old = (series.get(`${metric}|${predecessor}`) ?? []).filter(
          (p) => p.period_end < change.date,
        );
        if (after === undefined || old.length === 0) continue;
        const last = old.sort((a, b) => (a.period_end < b.period_end ? 1 : -1))[0]!;
        const newPlaces = Object.keys(change.parentOf).filter(
          (c) => change.parentOf[c] === predecessor,
        );
        if (predecessor === place && newPlaces.some((c) => has(metric, c, last.period))) continue;
        checked++;
        // a successor's break is on its first value (the old place's series must not be chained to it);
        // a parent's on a value of the year of the change, up to its first value in the new borders
        // (a source that recalculated the year's first quarter to the new borders breaks there)
        const marked =
          predecessor !== place
            ? isSeriesBreak(byEnd[0]!)
            : byEnd.some(
                (p) =>
                  isSeriesBreak(p) &&
                  p.period_end >= `${change.date.slice(0, 4)}-01-01` &&
                  p.period_end <= after.period_end,
              );
        if (!marked)
          missing.push(
            `${metric} ${place} ${predecessor === place ? after.period : byEnd[0]!.period}`,
          );
      }
    }
  }
  return {
    id: 'border-changes-marked',
    passed: missing.length === 0,
    detail:
      missing.length === 0
        ? `${checked} first values in changed borders (2018 and 2022 reforms, every indicator) carry a series-break note`
        : `no series-break note on: ${missing.join(', ')}`,
  };
}
