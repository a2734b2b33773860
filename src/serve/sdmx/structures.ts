// The SDMX structural metadata of a release, derived from its store once and kept with it: one
// dataflow per indicator (an indicator is one family of series: each place, and each position on the
// indicator's breakdown dimensions, one series), one data structure definition per dataflow, Dala's
// code lists and one concept scheme. Concept ids are the SDMX cross-domain concepts (SDMX
// Content-Oriented Guidelines, Annex 1) declared in Dala's own scheme so that every reference
// resolves on this service.
import type { Database } from 'better-sqlite3';
import { DIMENSIONS } from '../../lib/dimensions.js';
import type { PointStatus } from '../../sources/records.js';
import { CONCEPTS, type Concept, type Names } from './concepts.js';
import { storeOf, type MetricRow } from '../../store/reader.js';
import { seriesIndexOf } from '../../store/series-index.js';
import { FREQ_CODES, freqOf, type Freq } from './periods.js';
import { LANGUAGES_ENGLISH_FIRST } from '../../lib/languages.js';
import { categoriesOf, type CategoryScheme, type Categorisation } from './categories.js';

export const AGENCY = 'DALA';
export const VERSION = '1.0';
export const CONCEPT_SCHEME = 'CS_DALA';
export const CONCEPT_SCHEME_NAME: Names = {
  en: 'Dala concepts',
  ru: 'Понятия Dala',
  kk: 'Dala ұғымдары',
};

export type { Concept, Names } from './concepts.js';
export interface Code {
  id: string;
  name: Names;
}
export interface Codelist {
  id: string;
  name: Names;
  codes: readonly Code[];
}

/** A dimension of a data structure: a concept with its code list (TIME_PERIOD is the time dimension, not listed). */
export interface DimensionRef {
  id: string;
  codelist: string;
}
export interface AttributeRef {
  id: string;
  codelist: string | null;
  mandatory: boolean;
}

export interface DataStructure {
  id: string;
  name: Names;
  dimensions: readonly DimensionRef[];
  attributes: readonly AttributeRef[];
}
/** One stored series of a dataflow (without its place): its store key and its code on each breakdown concept (`_T` for a total). */
export interface FlowSeries {
  key: string;
  codes: Readonly<Record<string, string>>;
}
export interface Dataflow {
  id: string;
  name: Names;
  structure: DataStructure;
  metric: MetricRow;
  freq: Freq;
  /** The breakdown concepts (SEX, URBANISATION, AGE) in the structure's order; [] for an indicator without breakdowns. */
  breakdowns: readonly string[];
  series: readonly FlowSeries[];
}

export interface SdmxStructures {
  dataflows: readonly Dataflow[];
  /** The topic scheme (null for a store without topics) and each dataflow's topics. */
  categoryScheme: CategoryScheme | null;
  categorisations: readonly Categorisation[];
  dataflowById: ReadonlyMap<string, Dataflow>;
  dataStructures: readonly DataStructure[];
  codelists: readonly Codelist[];
  concepts: readonly Concept[];
}

export { CONCEPTS, PRIMARY_MEASURE, TIME_DIMENSION } from './concepts.js';

const FREQ_NAMES: Readonly<Record<Freq, Names>> = {
  A: { en: 'Annual', ru: 'Годовая', kk: 'Жылдық' },
  S: { en: 'Half-yearly', ru: 'Полугодовая', kk: 'Жартыжылдық' },
  Q: { en: 'Quarterly', ru: 'Квартальная', kk: 'Тоқсандық' },
  M: { en: 'Monthly', ru: 'Месячная', kk: 'Айлық' },
  W: { en: 'Weekly', ru: 'Недельная', kk: 'Апталық' },
  D: { en: 'Daily', ru: 'Дневная', kk: 'Күнделікті' },
  P9M: {
    en: 'Nine months from 1 January (year to date), once a year',
    ru: 'Девять месяцев с 1 января (нарастающим итогом), раз в год',
    kk: '1 қаңтардан бастап тоғыз ай (өспелі қорытынды), жылына бір рет',
  },
};

/**
 * OBS_STATUS: the SDMX cross-domain codes (CL_OBS_STATUS) for what Dala's statuses say, and one code of
 * Dala's own for the labelled demonstration samples, which no SDMX code describes. A point without a
 * value is M whatever its status.
 */
export const OBS_STATUS_CODES = {
  A: { en: 'Normal value', ru: 'Обычное значение', kk: 'Қалыпты мән' },
  P: { en: 'Provisional value', ru: 'Предварительное значение', kk: 'Алдын ала мән' },
  E: { en: 'Estimated value', ru: 'Оценочное значение', kk: 'Бағаланған мән' },
  U: { en: 'Low reliability', ru: 'Низкая надёжность', kk: 'Сенімділігі төмен' },
  M: { en: 'Missing value', ru: 'Значение отсутствует', kk: 'Мән жоқ' },
  DEMO: {
    en: 'Demonstration value, not an official statistic',
    ru: 'Демонстрационное значение, не официальная статистика',
    kk: 'Көрсетілім мәні, ресми статистика емес',
  },
} as const satisfies Record<string, Names>;
export type ObsStatus = keyof typeof OBS_STATUS_CODES;
/** Dala's point status (src/sources/records.ts) -> OBS_STATUS. */
export const STATUS_OF: Readonly<Record<string, ObsStatus>> = {
  final: 'A',
  preliminary: 'P',
  estimate: 'E',
  suspicious: 'U',
  demonstration: 'DEMO',
} satisfies Record<PointStatus, ObsStatus>;

export const UNIT_MULT_CODES = {
  '0': { en: 'Units', ru: 'Единицы', kk: 'Бірліктер' },
  '3': { en: 'Thousands', ru: 'Тысячи', kk: 'Мыңдар' },
  '6': { en: 'Millions', ru: 'Миллионы', kk: 'Миллиондар' },
} as const satisfies Record<string, Names>;

const codes = (list: Readonly<Record<string, Names>>): Code[] =>
  Object.entries(list).map(([id, name]) => ({ id, name }));

/** Code list id of a cross-domain concept: CL_ + the concept (CL_AREA for REF_AREA, as SDMX names it). */
const codelistOf = (concept: string) => (concept === 'REF_AREA' ? 'CL_AREA' : `CL_${concept}`);

const ATTRIBUTES: readonly AttributeRef[] = [
  { id: 'OBS_STATUS', codelist: 'CL_OBS_STATUS', mandatory: true },
  { id: 'UNIT_MEASURE', codelist: null, mandatory: true },
  { id: 'UNIT_MULT', codelist: 'CL_UNIT_MULT', mandatory: false },
  { id: 'COMMENT', codelist: null, mandatory: false },
  { id: 'PERIOD_LABEL', codelist: null, mandatory: false },
];

/**
 * A place as an SDMX code: an SDMX id allows letters, digits, _, @, $ and - (IDType, SDMXCommon.xsd),
 * so a district's place (`KZ-10/KZ101000`) is written with `_` for `/`; no place holds `_`.
 */
export const areaCodeOf = (place: string): string => place.replace(/\//g, '_');
/** The place an SDMX REF_AREA code names (the inverse of areaCodeOf). */
export const placeOfAreaCode = (code: string): string => code.replace(/_/g, '/');

function build(release: { db: Database }): SdmxStructures {
  const reader = storeOf(release);
  const index = seriesIndexOf(release);
  const places = [...new Set(['KZ', ...reader.places])].sort();
  const area: Code[] = places.map((id) => {
    const names = reader.entities.names(`place:${id}`);
    const name: Names = {};
    for (const lang of LANGUAGES_ENGLISH_FIRST) if (names?.[lang]) name[lang] = names[lang];
    return { id: areaCodeOf(id), name: Object.keys(name).length ? name : { en: id } };
  });
  const codelists: Codelist[] = [
    {
      id: 'CL_FREQ',
      name: { en: 'Frequency', ru: 'Периодичность', kk: 'Кезеңділік' },
      codes: FREQ_CODES.map((id) => ({ id, name: FREQ_NAMES[id] })),
    },
    {
      id: 'CL_AREA',
      name: {
        en: 'Reference areas: ISO 3166-2 codes and former units',
        ru: 'Территории: коды ISO 3166-2 и упразднённые единицы',
        kk: 'Аумақтар: ISO 3166-2 кодтары және таратылған бірліктер',
      },
      codes: area,
    },
    ...Object.values(DIMENSIONS).map((d) => ({
      id: codelistOf(d.concept),
      name: d.name,
      codes: codes(d.codes),
    })),
    {
      id: 'CL_OBS_STATUS',
      name: { en: 'Observation status', ru: 'Статус значения', kk: 'Мәннің мәртебесі' },
      codes: codes(OBS_STATUS_CODES),
    },
    {
      id: 'CL_UNIT_MULT',
      name: { en: 'Unit multiplier', ru: 'Множитель единицы', kk: 'Бірлік көбейткіші' },
      codes: codes(UNIT_MULT_CODES),
    },
  ];
  // One dataflow per indicator, keyed FREQ.REF_AREA then each breakdown dimension the indicator's
  // series carry (SEX, URBANISATION, AGE in the model's order); its all-totals series is `_T` on each.
  const dataflows = index.indicators().map((id): Dataflow => {
    const dims = index.dimensionsOf(id)!;
    const members = index.seriesOf(id);
    const metric = reader.metricById.get(id) ?? reader.metricById.get(members[0]!.key)!;
    const name: Names = { en: metric.name_en, ru: metric.name_ru, kk: metric.name_kk };
    const breakdowns = dims.map((d) => DIMENSIONS[d].concept);
    const dimensions: DimensionRef[] = ['FREQ', 'REF_AREA', ...breakdowns].map((c) => ({
      id: c,
      codelist: codelistOf(c),
    }));
    const structure: DataStructure = { id: `DSD_${id}`, name, dimensions, attributes: ATTRIBUTES };
    const series = members.map((m) => ({
      key: m.key,
      codes: Object.fromEntries(dims.map((d) => [DIMENSIONS[d].concept, m.codes[d]!])),
    }));
    return { id, name, structure, metric, freq: freqOf(metric.frequency), breakdowns, series };
  });
  return {
    dataflows,
    ...categoriesOf(reader, dataflows),
    dataflowById: new Map(dataflows.map((f) => [f.id, f])),
    dataStructures: dataflows.map((f) => f.structure),
    codelists,
    concepts: CONCEPTS,
  };
}

const built = new WeakMap<Database, SdmxStructures>();

/** The structures of a release, built from its store on first use and kept with it. */
export function structuresOf(release: { db: Database }): SdmxStructures {
  let s = built.get(release.db);
  if (!s) built.set(release.db, (s = build(release)));
  return s;
}

/** UNIT_MEASURE and UNIT_MULT of a Dala unit label: "mln KZT" is KZT times 10^6, "thousand persons" persons times 10^3. */
export function unitParts(unit: string): { measure: string; mult: keyof typeof UNIT_MULT_CODES } {
  const m = /^(mln|thousand) (.+)$/.exec(unit);
  if (!m) return { measure: unit, mult: '0' };
  return { measure: m[2]!, mult: m[1] === 'mln' ? '6' : '3' };
}
