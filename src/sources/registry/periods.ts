// A table's period headers as its declaration describes them (reader-schemas.ts `period`): the first
// rule whose pattern matches a header's text says what period it is. The periods themselves are the
// store's (bns-periods.ts): a year, a quarter, a total from 1 January (Q1, H1, 9M), an instant, a
// school year.
import type { HeaderCell } from '../bns-period-grid.js';
import {
  annualPeriod,
  cumulativePeriod,
  instantPeriod,
  quarterPeriod,
  schoolYearPeriod,
  type PeriodBounds,
} from '../bns-periods.js';
import type { PeriodRule } from './reader-schemas.js';

type Parser = (text: string, above: string | null) => HeaderCell | null;

export function periodParser(rules: readonly PeriodRule[]): Parser {
  const compiled = rules.map((rule) => ({ rule, pattern: new RegExp(rule.match, 'u') }));
  return (text, above) => {
    for (const { rule, pattern } of compiled) {
      const m = pattern.exec(text);
      if (!m) continue;
      const groups = m.groups ?? {};
      const yearText = (rule.yearFrom ?? 'match') === 'above' ? above : (groups['year'] ?? null);
      if (yearText === null || !/^\d{4}$/u.test(yearText)) return null;
      const bounds = boundsOf(rule, Number(yearText), groups);
      if (bounds === null) return null;
      const marker = rule.marker === 'text' ? text : groups['marker'];
      return { bounds, markers: marker ? [marker] : [] };
    }
    return null;
  };
}

function boundsOf(
  rule: PeriodRule,
  year: number,
  groups: Record<string, string | undefined>,
): PeriodBounds | null {
  const label = groups['label'] === undefined ? undefined : rule.labels?.[groups['label']];
  if (groups['label'] !== undefined && label === undefined) return null;
  switch (rule.as) {
    case 'year':
      return annualPeriod(year);
    case 'instant':
      return instantPeriod(`${year}-${rule.at ?? '01-01'}`);
    case 'school-year': {
      // "2022/23": the second year must follow the first
      const next = groups['next'];
      return next === undefined || (year + 1) % 100 === Number(next) ? schoolYearPeriod(year) : null;
    }
    case 'quarter':
      if (label === 'year') return annualPeriod(year);
      return label !== undefined && /^Q[1-4]$/u.test(label)
        ? quarterPeriod(year, Number(label.slice(1)) as 1 | 2 | 3 | 4)
        : null;
    case 'cumulative':
      return label === 'Q1' || label === 'H1' || label === '9M' ? cumulativePeriod(year, label) : null;
  }
}
