// The bases a price index is stated against (SDMX BASE_PER): the previous period, the same period of
// the previous year, December of the previous year, or a fixed year. Declared once for the registry's
// schema and the v1 indicator's, in lib since serving loads no module of src/sources.
export const INDEX_BASE_KINDS = [
  'previous-period',
  'same-period-previous-year',
  'december-previous-year',
  'fixed-year',
] as const;
