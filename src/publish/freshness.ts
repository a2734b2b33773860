// SPEC 2.1 freshness contract, evaluated at a given instant (DESIGN.md "Contracts"): fresh when the
// age is within the SLA, degraded past it, stale past twice the SLA, unknown without an as_of.
export interface FreshnessInput {
  as_of: string | null; // ISO date of the latest content
  sla_days: number; // integer >= 1
  historical: boolean;
}

export interface Freshness extends FreshnessInput {
  evaluated_at: string;
  age_days: number | null;
  status: 'fresh' | 'degraded' | 'stale' | 'unknown';
  reason: string[];
}

const DAY_MS = 86_400_000;

export function evaluateFreshness(input: FreshnessInput, now: Date): Freshness {
  const { as_of, sla_days, historical } = input;
  if (!Number.isInteger(sla_days) || sla_days < 1) throw new RangeError(`sla_days must be an integer >= 1, got ${sla_days}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('evaluation instant is not a valid date');
  const evaluated_at = now.toISOString();
  const base = { as_of, sla_days, historical, evaluated_at };
  const note = historical ? ['historical dataset: its content is not expected to be updated'] : [];
  if (as_of === null) {
    return { ...base, age_days: null, status: 'unknown', reason: ['no as-of date is known, so the age cannot be computed', ...note] };
  }
  const asOfMs = Date.parse(`${as_of}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(as_of) || Number.isNaN(asOfMs)) throw new RangeError(`as_of must be an ISO date, got ${as_of}`);
  // An as_of after the evaluation instant (clock skew) counts as age 0, never negative (SPEC 2.1: minimum 0).
  const age_days = Math.max(0, Math.floor((now.getTime() - asOfMs) / DAY_MS));
  const status = age_days <= sla_days ? 'fresh' : age_days <= 2 * sla_days ? 'degraded' : 'stale';
  const words = {
    fresh: `age ${age_days} days is within the SLA of ${sla_days} days`,
    degraded: `age ${age_days} days exceeds the SLA of ${sla_days} days`,
    stale: `age ${age_days} days exceeds twice the SLA of ${sla_days} days`,
  }[status];
  return { ...base, age_days, status, reason: [words, ...note] };
}
