// The concepts of Dala's concept scheme CS_DALA: the SDMX cross-domain concepts (SDMX
// Content-Oriented Guidelines, Annex 1) the data structures use, declared in Dala's own scheme so that
// every reference resolves on this service, each with a name and a description in en, ru and kk
// (a client such as rsdmx reads both; the descriptions say what the concept means in Dala's data).
import { DIMENSIONS } from '../../lib/dimensions.js';
import type { Lang } from '../../lib/languages.js';

export type Names = Partial<Record<Lang, string>>;
export interface Concept {
  id: string;
  name: Names;
  description: Names;
}

export const TIME_DIMENSION = 'TIME_PERIOD';
export const PRIMARY_MEASURE = 'OBS_VALUE';

const BREAKDOWN_DESCRIPTIONS: Readonly<Record<string, Names>> = {
  SEX: {
    en: 'The sex of the persons the value counts or describes; _T is both sexes together.',
    ru: 'Пол людей, которых считает или описывает значение; _T — оба пола вместе.',
    kk: 'Мән есептейтін немесе сипаттайтын адамдардың жынысы; _T — екі жыныс бірге.',
  },
  URBANISATION: {
    en: 'Whether the value covers urban or rural settlements; _T is both together.',
    ru: 'Относится ли значение к городской или сельской местности; _T — к обеим вместе.',
    kk: 'Мән қалалық немесе ауылдық жерге қатысты ма; _T — екеуі бірге.',
  },
  AGE: {
    en: 'The age group of the persons the value counts or describes; _T is every age.',
    ru: 'Возрастная группа людей, которых считает или описывает значение; _T — все возрасты.',
    kk: 'Мән есептейтін немесе сипаттайтын адамдардың жас тобы; _T — барлық жас.',
  },
};

export const CONCEPTS: readonly Concept[] = [
  {
    id: 'FREQ',
    name: { en: 'Frequency', ru: 'Периодичность', kk: 'Кезеңділік' },
    description: {
      en: 'The length of the period each observation of a series covers: a year, half-year, quarter, month, week or day, or nine months from 1 January. Every series has one.',
      ru: 'Продолжительность периода, который охватывает каждое наблюдение ряда: год, полугодие, квартал, месяц, неделя или день, либо девять месяцев с 1 января. У каждого ряда она одна.',
      kk: 'Қатардың әр бақылауы қамтитын кезеңнің ұзақтығы: жыл, жартыжылдық, тоқсан, ай, апта немесе күн, не 1 қаңтардан бастап тоғыз ай. Әр қатарда ол біреу.',
    },
  },
  {
    id: 'REF_AREA',
    name: { en: 'Reference area', ru: 'Территория', kk: 'Аумақ' },
    description: {
      en: 'The country, region, city or district the value describes: ISO 3166-2 codes, a district as its region and district codes joined by _.',
      ru: 'Страна, область, город или район, к которому относится значение: коды ISO 3166-2, район — коды области и района через _.',
      kk: 'Мән қатысты ел, облыс, қала немесе аудан: ISO 3166-2 кодтары, аудан — облыс пен аудан кодтары _ арқылы.',
    },
  },
  ...Object.values(DIMENSIONS).map((d) => ({
    id: d.concept,
    name: d.name,
    description: BREAKDOWN_DESCRIPTIONS[d.concept] ?? missingDescription(d.concept),
  })),
  {
    id: TIME_DIMENSION,
    name: { en: 'Time period', ru: 'Период', kk: 'Кезең' },
    description: {
      en: 'The period the value refers to: an SDMX time period, or a start date and duration where the period is not a whole reporting period.',
      ru: 'Период, к которому относится значение: период SDMX либо дата начала и продолжительность, если период не является целым отчётным периодом.',
      kk: 'Мән қатысты кезең: SDMX кезеңі, не кезең тұтас есепті кезең болмаса, басталу күні мен ұзақтығы.',
    },
  },
  {
    id: PRIMARY_MEASURE,
    name: { en: 'Observation value', ru: 'Значение', kk: 'Мәні' },
    description: {
      en: 'The value of the observation. A value that was not published is absent, never zero.',
      ru: 'Значение наблюдения. Неопубликованное значение отсутствует и никогда не заменяется нулём.',
      kk: 'Бақылау мәні. Жарияланбаған мән жоқ болып қалады, оның орнына ешқашан нөл қойылмайды.',
    },
  },
  {
    id: 'OBS_STATUS',
    name: { en: 'Observation status', ru: 'Статус значения', kk: 'Мәннің мәртебесі' },
    description: {
      en: 'Whether the value is normal, provisional, of low reliability, missing, or a demonstration value that is not an official statistic.',
      ru: 'Является ли значение обычным, предварительным, низкой надёжности, отсутствующим или демонстрационным, не являющимся официальной статистикой.',
      kk: 'Мәннің қалыпты, алдын ала, сенімділігі төмен, жоқ немесе ресми статистика емес көрсетілім мәні екені.',
    },
  },
  {
    id: 'UNIT_MEASURE',
    name: { en: 'Unit of measure', ru: 'Единица измерения', kk: 'Өлшем бірлігі' },
    description: {
      en: 'The unit the value is expressed in, before the unit multiplier.',
      ru: 'Единица, в которой выражено значение, без учёта множителя.',
      kk: 'Мән көрсетілген бірлік, көбейткішсіз.',
    },
  },
  {
    id: 'UNIT_MULT',
    name: { en: 'Unit multiplier', ru: 'Множитель единицы', kk: 'Бірлік көбейткіші' },
    description: {
      en: 'The power of ten the value is multiplied by: 0 units, 3 thousands, 6 millions.',
      ru: 'Степень десяти, на которую умножается значение: 0 — единицы, 3 — тысячи, 6 — миллионы.',
      kk: 'Мән көбейтілетін онның дәрежесі: 0 — бірліктер, 3 — мыңдар, 6 — миллиондар.',
    },
  },
  {
    id: 'COMMENT',
    name: { en: 'Comment', ru: 'Комментарий', kk: 'Түсініктеме' },
    description: {
      en: 'Notes on the value and, for a missing value, why it is missing.',
      ru: 'Примечания к значению, а для отсутствующего значения — причина его отсутствия.',
      kk: 'Мәнге ескертпелер, ал жоқ мән үшін — оның жоқ болу себебі.',
    },
  },
  {
    id: 'PERIOD_LABEL',
    name: {
      en: 'Period as labelled by Dala',
      ru: 'Период в обозначении Dala',
      kk: 'Dala белгілеген кезең',
    },
    description: {
      en: 'The period as Dala labels it (2024-9M, 2022/23), given where the SDMX time period is written as a start date and duration.',
      ru: 'Период в обозначении Dala (2024-9M, 2022/23), указывается там, где период SDMX записан как дата начала и продолжительность.',
      kk: 'Dala белгілеген кезең (2024-9M, 2022/23), SDMX кезеңі басталу күні мен ұзақтығы ретінде жазылған жерде беріледі.',
    },
  },
];

function missingDescription(concept: string): never {
  throw new Error(`the breakdown concept ${concept} has no description; add it to concepts.ts`);
}
