// The freshness contract (docs/interface.md §2.1), evaluated at a given instant: fresh when the
// age is within the SLA, degraded past it, stale past twice the SLA, unknown without an as_of.
// The one evaluation used by the published files (at build time) and by /api/v1 (at request time),
// so both say the same thing in the same words.
import type { FromSchema } from 'json-schema-to-ts';
import type { freshness } from './schemas/common.js';

export interface FreshnessInput {
  as_of: string | null; // ISO date of the latest content; with parts, the oldest part's
  sla_days: number | null; // integer >= 1; null when a passport lacks it
  historical: boolean;
  /**
   * Each indicator the dataset carries with its own latest period end and the SLA of its cadence
   * (sla_days when a part has none): each is evaluated, and the dataset is its least fresh part.
   */
  parts?: { indicator: string; as_of: string | null; sla_days?: number | null }[] | undefined;
}

/**
 * When the evaluation happens: a sealed file is evaluated once, when the release is built (its
 * evaluated_at is the release's built_at, never the moment it is read); /api/v1 evaluates per request.
 */
export type EvaluatedWhen = 'build' | 'request';
const WHEN: Record<EvaluatedWhen, string> = {
  build:
    'evaluated when the release was built (evaluated_at = built_at), not when it is read: /api/v1/datasets evaluates it at request time',
  request: 'evaluated at request time (evaluated_at = the moment of this answer)',
};

/** The evaluation, as the sealed freshness schema (schemas/common.ts) describes it. */
export type Freshness = FromSchema<typeof freshness>;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (s: string): boolean =>
  ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** Worse first: a part that cannot be judged (no value yet) never stands for a dataset that can. */
const RANK: Record<Freshness['status'], number> = { stale: 3, degraded: 2, fresh: 1, unknown: 0 };

export function evaluateFreshness(
  input: FreshnessInput,
  now: Date,
  when: EvaluatedWhen = 'request',
): Freshness {
  const parts = input.parts?.map((p) => ({
    indicator: p.indicator,
    one: evaluateOne(
      { as_of: p.as_of, sla_days: p.sla_days ?? input.sla_days, historical: input.historical },
      now,
    ),
  }));
  // with parts the dataset is as fresh as its least fresh part (the older of two as bad)
  const worst = parts?.reduce((w, p) =>
    RANK[p.one.status] > RANK[w.one.status] ||
    (RANK[p.one.status] === RANK[w.one.status] &&
      p.one.as_of !== null &&
      (w.one.as_of === null || p.one.as_of < w.one.as_of))
      ? p
      : w,
  );
  const whole = worst?.one ?? evaluateOne(input, now);
  const withWhen = { ...whole, evaluated_when: when, reason: [...whole.reason, WHEN[when]] };
  if (parts === undefined || worst === undefined) return withWhen;
  const least = `the dataset is as fresh as its least fresh part, ${worst.indicator}: each of the ${parts.length} indicators it carries is judged against the SLA of its own cadence (each in parts)`;
  return {
    ...withWhen,
    parts: parts.map(({ indicator, one }) => ({
      indicator,
      as_of: one.as_of,
      sla_days: one.sla_days,
      age_days: one.age_days,
      status: one.status,
    })),
    reason: [least, ...withWhen.reason],
  };
}

function evaluateOne(input: FreshnessInput, now: Date): Freshness {
  const { historical } = input;
  if (Number.isNaN(now.getTime())) throw new RangeError('evaluation instant is not a valid date');
  const { as_of } = input;
  if (as_of !== null && !isIsoDate(as_of))
    throw new RangeError(`as_of must be an ISO date, got ${as_of}`);
  const sla =
    Number.isInteger(input.sla_days) && (input.sla_days as number) >= 1
      ? (input.sla_days as number)
      : null;
  const evaluated_at = now.toISOString();
  const note = historical ? ['historical dataset: its content is not expected to be updated'] : [];
  // docs/interface.md §2.1 requires sla_days >= 1 even when unknown: 1 stands in and the reason says so
  const base = { as_of, sla_days: sla ?? 1, historical, evaluated_at };
  if (as_of === null || sla === null) {
    const reason = [
      ...(as_of === null ? ['no as-of date is known, so the age cannot be computed'] : []),
      ...(sla === null
        ? ['the dataset passport has no sla_days, so the age cannot be judged']
        : []),
    ];
    return { ...base, age_days: null, status: 'unknown', reason: [...reason, ...note] };
  }
  const age = Math.floor((now.getTime() - Date.parse(`${as_of}T00:00:00Z`)) / DAY_MS);
  if (age < 0) {
    // Content dated after the evaluation instant: the clock or the data is wrong. Never call it fresh.
    return {
      ...base,
      age_days: null,
      status: 'unknown',
      reason: [
        `as_of ${as_of} is after the evaluation instant ${evaluated_at}: the age is negative and cannot be judged`,
        ...note,
      ],
    };
  }
  const status = age <= sla ? 'fresh' : age <= 2 * sla ? 'degraded' : 'stale';
  const words = {
    fresh: `age ${age} days is within the SLA of ${sla} days`,
    degraded: `age ${age} days exceeds the SLA of ${sla} days`,
    stale: `age ${age} days exceeds twice the SLA of ${sla} days`,
  }[status];
  return { ...base, age_days: age, status, reason: [words, ...note] };
}
