// Text formatting shared by the three pages. A missing value is printed as "— (reason)", never 0
// (docs/interface.md §1.3); every figure keeps its unit, period and source (docs/interface.md §1.1).

// Grouping with a no-break space (ISO 80000-1 style) reads the same for kk, ru and en readers,
// unlike "," or "." which mean opposite things in those locales.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, useGrouping: true });

export function formatNumber(value: number): string {
  return NUMBER.format(value).replace(/,/g, '\u00a0');
}

/** The printed value of a figure: a number, or "— (reason)" when nothing was published. */
export function formatValue(value: number | null, nullReason: string | null): string {
  return value === null ? `— (${nullReason ?? 'no reason given'})` : formatNumber(value);
}

/** UTC build time to the second, e.g. 2025-06-01T00:00:00Z. */
export function formatBuiltAt(builtAt: Date): string {
  return builtAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Checks a figure before it is printed: a value is finite, a null carries its reason (docs/interface.md §1.3).
 * `where` names the page and id, `field` the input field, so a bad row is easy to find.
 */
export function checkFigure(
  value: number | null,
  nullReason: string | null,
  where: string,
  field: string,
): void {
  if (value === null) {
    if (typeof nullReason !== 'string' || nullReason.trim() === '') {
      throw new Error(`${where}: field ${field} is null without a null_reason`);
    }
  } else if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(
      `${where}: field ${field} must be a finite number or null, got ${String(value)}`,
    );
  }
}

export function checkText(value: unknown, where: string, field: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${where}: field ${field} must be a non-empty string`);
  }
}

/** The note every page carries (docs/interface.md §1.2), in the three languages of the service. */
export const PRIMARY_SOURCE_NOTE = [
  'Legally significant facts must be checked at the primary source; a missing value means nothing was published, not zero.',
  'Юридически значимые факты проверяйте по первоисточнику; отсутствие значения не означает ноль.',
  'Заңдық маңызы бар деректерді бастапқы дереккөзден тексеріңіз; мәннің болмауы нөл дегенді білдірмейді.',
] as const;
