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

// The age groups of the Bureau's SDG platform (kazstat-sdg data files), named by the SDMX CL_AGE code
// syntax the platform follows: Y<a>T<b> a to b years, Y_GE<a> a years and over, Y<a> a years of age,
// M<a>T<b> a to b months. The syntax, not a translation, gives the words in each language.
const SDG_AGE_CODES = [
  'M0T5',
  'M6T11',
  'M12T17',
  'M12T23',
  'M18T23',
  'M24T35',
  'M36T47',
  'M48T59',
  'Y0',
  'Y6',
  'Y1T2',
  'Y2T4',
  'Y3T4',
  'Y5T9',
  'Y0T17',
  'Y10T14',
  'Y15T18',
  'Y15T19',
  'Y15T24',
  'Y16T24',
  'Y18T24',
  'Y18T49',
  'Y20T24',
  'Y25T28',
  'Y25T29',
  'Y25T54',
  'Y29T34',
  'Y30T34',
  'Y35T39',
  'Y35T44',
  'Y40T44',
  'Y45T49',
  'Y45T54',
  'Y50T54',
  'Y55T59',
  'Y55T64',
  'Y_GE7',
  'Y_GE15',
  'Y_GE60',
  'Y_GE65',
] as const;

/** The Russian word for years or months after the number n (1 год, 2 года, 5 лет). */
function ruCount(n: number, [one, few, many]: readonly [string, string, string]): string {
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return one;
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return few;
  return many;
}

function sdmxAgeNames(code: string): Names {
  const m = /^(Y|M)(_GE)?(\d+)(?:T(\d+))?$/.exec(code);
  if (!m) throw new Error(`not an SDMX age code: ${code}`);
  const months = m[1] === 'M';
  const from = Number(m[3]);
  const to = m[4] === undefined ? null : Number(m[4]);
  const last = to ?? from;
  const en = months ? 'months' : 'years';
  const ru = ruCount(last, months ? ['месяц', 'месяца', 'месяцев'] : ['год', 'года', 'лет']);
  const kk = months ? 'ай' : 'жас';
  if (m[2])
    return {
      en: `${from} ${en} and over`,
      ru: `${from} ${ru} и старше`,
      kk: `${from} ${kk} және одан жоғары`,
    };
  if (to === null)
    return {
      en: `${from} ${from === 1 ? en.slice(0, -1) : en}`,
      ru: `${from} ${ru}`,
      kk: `${from} ${kk}`,
    };
  return { en: `${from} to ${to} ${en}`, ru: `${from}–${to} ${ru}`, kk: `${from}–${to} ${kk}` };
}

const sdmxAgeCodes = (codes: readonly string[]): Record<string, Names> =>
  Object.fromEntries(codes.map((c) => [c, sdmxAgeNames(c)]));

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
      ...sdmxAgeCodes(SDG_AGE_CODES),
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
