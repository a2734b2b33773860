// "One concept, two sources" (docs/interface.md §10.2: no two numbers for one place and period
// without saying why) is declared once, on one of the two indicators (sources/datasets/), and holds
// both ways: the other indicator names the declaring one with the declared words on how they differ,
// said as the declaring indicator's (whose "this table" is not the reader's), so a reader who lands on
// either learns of the other.
import type { Indicator } from '../sources/records.js';

export function withReciprocalConcepts(indicators: readonly Indicator[]): Indicator[] {
  const back = new Map<string, { indicator: string; difference: string }[]>();
  for (const i of indicators)
    for (const s of i.same_concept ?? [])
      back.set(s.indicator, [
        ...(back.get(s.indicator) ?? []),
        { indicator: i.id, difference: `As stated for ${i.id}: ${s.difference}` },
      ]);
  return indicators.map((i) => {
    const declared = i.same_concept ?? [];
    const added = (back.get(i.id) ?? []).filter(
      (b) => !declared.some((d) => d.indicator === b.indicator),
    );
    return added.length === 0 ? i : { ...i, same_concept: [...declared, ...added] };
  });
}
