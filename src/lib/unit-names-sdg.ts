// The units of the national SDG reporting platform's series in the three languages: SDMX UNIT_MEASURE
// codes (https://sdmx.org/?page_id=3215, the SDG global codelist CL_UNIT_MEASURE: PT percent,
// PER_100000_POP per 100,000 population, TH_HA thousand hectares …) and the few units the platform
// writes in Russian words. Each is said in words: a code is no unit to a reader in any language.
import type { Lang } from './languages.js';
import { UNITS, type Forms } from './unit-names.js';

const PERCENT = UNITS['percent']!;

export const SDG_UNITS: Record<string, Record<Lang, Forms>> = {
  PT: PERCENT,
  PT_PREV_Y: { en: '% of the previous year', ru: '% к предыдущему году', kk: 'өткен жылға %' },
  PT_BY_2005: { en: '% of 2005', ru: '% к 2005 году', kk: '2005 жылға %' },
  PT_IN_2010_PRICE: {
    en: '% (at 2010 prices)',
    ru: '% (в ценах 2010 года)',
    kk: '% (2010 жылғы бағамен)',
  },
  USD_IN_2010_PRICE: {
    en: 'US dollars at 2010 prices',
    ru: 'долларов США в ценах 2010 года',
    kk: '2010 жылғы бағамен АҚШ доллары',
  },
  M_USD: UNITS['million USD']!,
  M_TNG: UNITS['mln KZT']!,
  TH_TNG: UNITS['thousand KZT']!,
  'млрд.тенге': { en: 'billion tenge', ru: 'млрд тенге', kk: 'млрд теңге' },
  PERSONS: UNITS['persons']!,
  человек: UNITS['persons']!,
  TH_PEOPLE: UNITS['thousand persons']!,
  UNITS: UNITS['units']!,
  TH_UNITS: { en: 'thousand units', ru: 'тыс. единиц', kk: 'мың бірлік' },
  T: UNITS['tonnes']!,
  M_T: { en: 'million tonnes', ru: 'млн тонн', kk: 'млн тонна' },
  T_PERCAP: { en: 'tonnes per person', ru: 'тонн на душу населения', kk: 'жан басына тонна' },
  TH_HA: { en: 'thousand hectares', ru: 'тыс. га', kk: 'мың га' },
  SQ_METER: { en: 'm²', ru: 'м²', kk: 'м²' },
  M_METER3: { en: 'million m³', ru: 'млн м³', kk: 'млн м³' },
  METER3_TH_TNG: {
    en: 'm³ per thousand tenge',
    ru: 'м³ на тыс. тенге',
    kk: 'мың теңгеге м³',
  },
  MW: { en: 'megawatts', ru: 'МВт', kk: 'МВт' },
  PER_100000_POP: {
    en: 'per 100,000 population',
    ru: 'на 100 000 человек населения',
    kk: 'әр 100 000 тұрғынға шаққанда',
  },
  PER_1000000_POP: {
    en: 'per million population',
    ru: 'на 1 млн человек населения',
    kk: 'әр 1 млн тұрғынға шаққанда',
  },
  PER_1000_POP: {
    en: 'per 1,000 population',
    ru: 'на 1 000 человек населения',
    kk: 'әр 1 000 тұрғынға шаққанда',
  },
  PER_1000_LIVE_BIRTHS: {
    en: 'per 1,000 live births',
    ru: 'на 1 000 родившихся живыми',
    kk: 'әр 1 000 тірі туғанға шаққанда',
  },
  'на 100 тыс.родившихся живыми': {
    en: 'per 100,000 live births',
    ru: 'на 100 000 родившихся живыми',
    kk: 'әр 100 000 тірі туғанға шаққанда',
  },
  PER_1000_UNINFECTED_POP: {
    en: 'per 1,000 uninfected population',
    ru: 'на 1 000 неинфицированного населения',
    kk: 'әр 1 000 жұқтырмаған тұрғынға шаққанда',
  },
  'на 1 000 женщин в данной возрастной группе': {
    en: 'per 1,000 women of the age group',
    ru: 'на 1 000 женщин данной возрастной группы',
    kk: 'осы жас тобындағы әр 1 000 әйелге шаққанда',
  },
  PER_1000_employees: {
    en: 'per 1,000 employees',
    ru: 'на 1 000 работников',
    kk: 'әр 1 000 қызметкерге шаққанда',
  },
  NUM_ATM_PER_100000_ADL: {
    en: 'ATMs per 100,000 adults',
    ru: 'банкоматов на 100 000 взрослых',
    kk: 'әр 100 000 ересекке шаққанда банкомат',
  },
  NUM_CBBR_PER_100000_ADL: {
    en: 'commercial bank branches per 100,000 adults',
    ru: 'отделений коммерческих банков на 100 000 взрослых',
    kk: 'әр 100 000 ересекке шаққанда коммерциялық банк бөлімшесі',
  },
  'тнэ на тыс.долл. США в ценах 2010 года': {
    en: 'tonnes of oil equivalent per thousand US dollars at 2010 prices',
    ru: 'т н. э. на тыс. долларов США в ценах 2010 года',
    kk: '2010 жылғы бағамен мың АҚШ долларына мұнай эквивалентінің тоннасы',
  },
  'кг СО2-экв/межд.доллар': {
    en: 'kg CO₂ equivalent per international dollar',
    ru: 'кг CO₂-экв. на международный доллар',
    kk: 'халықаралық долларға кг CO₂-экв.',
  },
  'тонн СО2-экв/душу населения': {
    en: 'tonnes CO₂ equivalent per person',
    ru: 'тонн CO₂-экв. на душу населения',
    kk: 'жан басына тонна CO₂-экв.',
  },
  // the platform gives no unit: said so, rather than print its placeholder
  unspecified: {
    en: '(unit not stated)',
    ru: '(единица не указана)',
    kk: '(өлшем бірлігі көрсетілмеген)',
  },
};
