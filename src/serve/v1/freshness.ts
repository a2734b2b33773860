// Freshness of a dataset passport at request time: the one evaluation of src/publish/freshness.ts
// (SPEC 2.1), fed from the passport stored in the release.
import { evaluateFreshness as evaluate, isIsoDate, type Freshness } from '../../publish/freshness.js';

export type { Freshness };

export function evaluateFreshness(passport: Record<string, unknown>, now: Date): Freshness {
  const asOf = typeof passport['as_of'] === 'string' && isIsoDate(passport['as_of']) ? passport['as_of'] : null;
  const sla = typeof passport['sla_days'] === 'number' ? passport['sla_days'] : null;
  return evaluate({ as_of: asOf, sla_days: sla, historical: passport['historical'] === true }, now);
}
