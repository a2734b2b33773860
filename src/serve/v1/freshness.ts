// The freshness contract (SPEC 2.1), evaluated now (DESIGN.md "Contracts"): fresh when age <= sla_days,
// degraded past the SLA, stale past twice the SLA, unknown without an as_of.
export interface Freshness {
  as_of: string | null;
  evaluated_at: string;
  sla_days: number;
  age_days: number | null;
  status: 'fresh' | 'degraded' | 'stale' | 'unknown';
  reason: string[];
  historical: boolean;
}

const DAY_MS = 86_400_000;

export function evaluateFreshness(passport: Record<string, unknown>, now: Date): Freshness {
  const asOf = typeof passport['as_of'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(passport['as_of']) ? passport['as_of'] : null;
  const sla = Number.isInteger(passport['sla_days']) && (passport['sla_days'] as number) >= 1 ? (passport['sla_days'] as number) : null;
  const historical = passport['historical'] === true;
  const evaluated_at = now.toISOString();
  const slaDays = sla ?? 1;
  if (asOf === null || sla === null) {
    const reason = [asOf === null ? 'the dataset passport has no as_of date' : '', sla === null ? 'the dataset passport has no sla_days' : ''].filter(Boolean);
    return { as_of: asOf, evaluated_at, sla_days: slaDays, age_days: null, status: 'unknown', reason, historical };
  }
  const age = Math.max(0, Math.floor((now.getTime() - Date.parse(`${asOf}T00:00:00Z`)) / DAY_MS));
  const status = age <= sla ? 'fresh' : age <= 2 * sla ? 'degraded' : 'stale';
  const words = {
    fresh: `age ${age} days is within the SLA of ${sla} days`,
    degraded: `age ${age} days is past the SLA of ${sla} days`,
    stale: `age ${age} days is past twice the SLA of ${sla} days`,
  }[status];
  const reason = [words];
  if (historical) reason.push('historical dataset: no further updates are expected');
  return { as_of: asOf, evaluated_at, sla_days: sla, age_days: age, status, reason, historical };
}
