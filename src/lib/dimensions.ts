// The dimensions an observation can be broken down by, declared once for the build, the store and
// every route (and the SDMX structures): each dimension's id in Dala's API, the SDMX cross-domain
// concept it corresponds to, and its code list with names in kk, ru and en. Codes follow the SDMX
// cross-domain code lists where one exists (CL_SEX: _T, M, F; urbanisation _T, U, R; CL_AGE style
// Y0T15, Y_GE63). `_T` is the total over the dimension: the code an observation without a breakdown
// carries, and what a query selects by default.
import type { Names as BaseNames } from './languages.js';
type Names = Readonly<BaseNames>;

export interface DimensionDeclaration {
  /** The SDMX concept id (SDMX-ML, SDMX-CSV column). */
  readonly concept: string;
  readonly name: Names;
  /** Code -> names, in display order; `_T` first. */
  readonly codes: Readonly<Record<string, Names>>;
}

export const TOTAL_CODE = '_T';

export const DIMENSIONS = {
  sex: {
    concept: 'SEX',
    name: { en: 'Sex', ru: 'Пол', kk: 'Жынысы' },
    codes: {
      _T: { en: 'Total', ru: 'Всего', kk: 'Барлығы' },
      M: { en: 'Male', ru: 'Мужчины', kk: 'Ерлер' },
      F: { en: 'Female', ru: 'Женщины', kk: 'Әйелдер' },
    },
  },
  area: {
    concept: 'URBANISATION',
    name: { en: 'Urban/rural', ru: 'Тип местности', kk: 'Елді мекен түрі' },
    codes: {
      _T: { en: 'Total', ru: 'Всего', kk: 'Барлығы' },
      U: { en: 'Urban', ru: 'Городская местность', kk: 'Қалалық жер' },
      R: { en: 'Rural', ru: 'Сельская местность', kk: 'Ауылдық жер' },
    },
  },
  age: {
    concept: 'AGE',
    name: { en: 'Age', ru: 'Возраст', kk: 'Жасы' },
    codes: {
      _T: { en: 'Total', ru: 'Всего', kk: 'Барлығы' },
      Y0T15: { en: '0 to 15 years', ru: '0–15 лет', kk: '0–15 жас' },
      Y16T58: { en: '16 to 58 years', ru: '16–58 лет', kk: '16–58 жас' },
      Y16T62: { en: '16 to 62 years', ru: '16–62 года', kk: '16–62 жас' },
      Y_GE59: { en: '59 years and over', ru: '59 лет и старше', kk: '59 жас және одан жоғары' },
      Y_GE63: { en: '63 years and over', ru: '63 года и старше', kk: '63 жас және одан жоғары' },
    },
  },
} as const satisfies Record<string, DimensionDeclaration>;

export type DimensionId = keyof typeof DIMENSIONS;
export const DIMENSION_IDS = ['sex', 'area', 'age'] as const satisfies readonly DimensionId[];

/** An observation's position on its indicator's dimensions, e.g. { sex: 'F', area: 'R' }. */
export type DimensionCodes = Readonly<Partial<Record<DimensionId, string>>>;

export function isDimensionCode(dim: DimensionId, code: string): boolean {
  return Object.prototype.hasOwnProperty.call(DIMENSIONS[dim].codes, code);
}

// DIMENSION_IDS lists every declared dimension (a compile error names one it leaves out).
type Unlisted = Exclude<DimensionId, (typeof DIMENSION_IDS)[number]>;
export const DIMENSION_IDS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * Whether a series key is a breakdown (`life_expectancy;sex=F;area=R`), not an indicator's all-totals
 * series, whose key is the indicator id (the key syntax: src/sources/series-keys.ts).
 */
export const isBreakdownKey = (key: string): boolean => key.includes(';');
