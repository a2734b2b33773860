// Freshness of a dataset passport at request time: the one evaluation of src/publish/freshness.ts
// (docs/interface.md §2.1), fed from the passport stored in the release.
import {
  evaluateFreshness as evaluate,
  isIsoDate,
  type Freshness,
} from '../../publish/freshness.js';

export type { Freshness };

export function evaluateFreshness(passport: Record<string, unknown>, now: Date): Freshness {
  const asOf =
    typeof passport['as_of'] === 'string' && isIsoDate(passport['as_of'])
      ? passport['as_of']
      : null;
  const sla = typeof passport['sla_days'] === 'number' ? passport['sla_days'] : null;
  const parts = Array.isArray(passport['parts'])
    ? (passport['parts'] as { indicator: string; as_of: unknown; sla_days: unknown }[]).map(
        (p) => ({
          indicator: p.indicator,
          as_of: typeof p.as_of === 'string' && isIsoDate(p.as_of) ? p.as_of : null,
          sla_days: typeof p.sla_days === 'number' ? p.sla_days : null,
        }),
      )
    : undefined;
  return evaluate(
    { as_of: asOf, sla_days: sla, historical: passport['historical'] === true, parts },
    now,
    'request',
  );
}
