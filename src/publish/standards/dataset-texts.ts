// A dataset's title, description, keywords and themes in the catalogue's languages (kk, ru, en).
// A statistical dataset is named in kk and ru by its indicators' own names (sources/datasets/,
// the Bureau's wording) and described by them and the span of its periods; the other datasets by the
// translations below, written for this catalogue. Themes: the EU data-theme authority table (the
// vocabulary DCAT-AP asks for), from the indicators' layers, or per dataset where it has none.
import type { DatasetDef, Model } from '../../model/model.js';

export type Lang = 'en' | 'ru' | 'kk';
export type Texts = Partial<Record<Lang, string>>;

export const DATA_THEME = 'http://publications.europa.eu/resource/authority/data-theme/';

/**
 * The English labels of the EU data themes used here, as the authority table states them
 * (http://publications.europa.eu/resource/authority/data-theme, skos:prefLabel@en), so the
 * catalogue names each theme it uses without a harvester dereferencing it.
 */
export const DATA_THEME_LABELS: Readonly<Record<string, string>> = {
  ECON: 'Economy and finance',
  ENVI: 'Environment',
  GOVE: 'Government and public sector',
  HEAL: 'Health',
  REGI: 'Regions and cities',
  SOCI: 'Population and society',
};

const LAYER_THEMES: Readonly<Record<string, readonly string[]>> = {
  demography: ['SOCI'],
  economy: ['ECON'],
  environment: ['ENVI'],
  events: ['GOVE'],
  finance: ['ECON'],
  health: ['HEAL'],
  income: ['SOCI', 'ECON'],
  labour: ['ECON', 'SOCI'],
  media: ['SOCI'],
  prices: ['ECON'],
};

/** The datasets that are not statistical series: their kk and ru texts and themes. */
const OTHER: Readonly<Record<string, { title: Texts; description: Texts; themes: string[] }>> = {
  'official-regional-indicators': {
    title: {
      ru: 'Официальные региональные показатели (последний период каждого)',
      kk: 'Ресми өңірлік көрсеткіштер (әрқайсысының соңғы кезеңі)',
    },
    description: {
      ru: '20 регионов с последними данными о населении, рынке труда, ВРП, здравоохранении, окружающей среде и доходах; у каждого показателя свой период.',
      kk: '20 өңір халық, еңбек нарығы, ЖӨӨ, денсаулық сақтау, қоршаған орта және табыс бойынша соңғы деректерімен; әр көрсеткіштің өз кезеңі бар.',
    },
    themes: ['REGI', 'ECON', 'SOCI'],
  },
  'public-observations': {
    title: { ru: 'Публичные наблюдения', kk: 'Жария бақылаулар' },
    description: {
      ru: 'Список последних опубликованных наблюдений по каждому показателю и территории, у каждого — хеш содержимого.',
      kk: 'Әр көрсеткіш пен аумақ бойынша соңғы жарияланған бақылаулар тізімі, әрқайсысының мазмұн хеші бар.',
    },
    themes: ['REGI', 'ECON', 'SOCI'],
  },
  'regional-boundaries': {
    title: { ru: 'Границы регионов (ADM1, 2024)', kk: 'Өңірлердің шекаралары (ADM1, 2024)' },
    description: {
      ru: '20 административно-территориальных единиц первого уровня после реформы 2022 года, с исправленной геометрией и упрощённые для файла страны.',
      kk: '2022 жылғы реформадан кейінгі бірінші деңгейдегі 20 әкімшілік-аумақтық бірлік, геометриясы түзетілген және ел файлы үшін жеңілдетілген.',
    },
    themes: ['REGI'],
  },
  institutions: {
    title: { ru: 'Каталог государственных учреждений', kk: 'Мемлекеттік мекемелер каталогы' },
    description: {
      ru: '55 учреждений: 20 областных акиматов, министерства, агентства и другие государственные органы.',
      kk: '55 мекеме: 20 облыс әкімдігі, министрліктер, агенттіктер және басқа мемлекеттік органдар.',
    },
    themes: ['GOVE'],
  },
  events: {
    title: { ru: 'Проверенные административные события', kk: 'Тексерілген әкімшілік оқиғалар' },
    description: {
      ru: 'Реформы и переименования, записанные вручную со ссылкой на источник; включены только проверенные по источнику и датированные не позже сборки.',
      kk: 'Дереккөзге сілтемесімен қолмен жазылған реформалар мен атау өзгерістері; дереккөз бойынша тексерілген және жинақтаудан кешікпей күнделгендері ғана енгізілген.',
    },
    themes: ['GOVE', 'REGI'],
  },
  'public-holidays': {
    title: {
      ru: 'Календарь праздничных дней (пакет date-holidays, не проверен)',
      kk: 'Мереке күндерінің күнтізбесі (date-holidays пакеті, тексерілмеген)',
    },
    description: {
      ru: 'Официальные праздники и перенесённые выходные дни Казахстана, рассчитанные пакетом date-holidays, 2020–2026; это календарь, а не проверенные события.',
      kk: 'date-holidays пакеті есептеген Қазақстанның ресми мерекелері мен ауыстырылған демалыс күндері, 2020–2026; бұл күнтізбе, тексерілген оқиғалар емес.',
    },
    themes: ['GOVE'],
  },
  'media-sample': {
    title: {
      ru: 'Публикации СМИ (синтетическая демонстрация)',
      kk: 'БАҚ жарияланымдары (синтетикалық көрсетілім)',
    },
    description: {
      ru: 'Синтетическая демонстрационная выборка для показа еженедельного дайджеста: не настоящие публикации, без ссылок на реальные источники; никогда не смешивается с реальными рядами.',
      kk: 'Апталық дайджестті көрсетуге арналған синтетикалық көрсетілім іріктемесі: нақты жарияланымдар емес, нақты дереккөздерге сілтемесі жоқ; нақты қатарлармен ешқашан араласпайды.',
    },
    themes: ['SOCI'],
  },
};

const unique = <T>(xs: T[]) => [...new Set(xs)];

export interface DatasetTexts {
  title: Texts;
  description: Texts;
  keywords: { value: string; lang: Lang }[];
  themes: string[]; // EU data-theme codes
}

export function datasetTexts(
  model: Model,
  d: DatasetDef,
  span: { start: string; end: string } | null,
  regional: boolean,
): DatasetTexts {
  const indicators = model.indicators.filter((i) => d.source_ids.includes(i.source_id));
  const country = { en: 'Kazakhstan', ru: 'Казахстан', kk: 'Қазақстан' } as const;
  const keywords = (['kk', 'ru', 'en'] as const).flatMap((lang) =>
    unique([country[lang], ...indicators.map((i) => i.name[lang])]).map((value) => ({
      value,
      lang,
    })),
  );
  const other = OTHER[d.id];
  if (other || !d.path.startsWith('datasets/') || !indicators.length) {
    return {
      title: { en: d.title, ...other?.title },
      description: { en: d.description, ...other?.description },
      keywords,
      themes: other?.themes ?? ['GOVE'],
    };
  }
  const names = (lang: 'ru' | 'kk') => unique(indicators.map((i) => i.name[lang])).join('; ');
  const years = span ? [span.start.slice(0, 4), span.end.slice(0, 4)] : null;
  return {
    title: { en: d.title, ru: names('ru'), kk: names('kk') },
    description: {
      en: d.description,
      ru: `Показатели: ${names('ru')}.${years ? ` Периоды с ${years[0]} по ${years[1]} год.` : ''}`,
      kk: `Көрсеткіштер: ${names('kk')}.${years ? ` Кезеңдер: ${years[0]}–${years[1]} жылдар.` : ''}`,
    },
    keywords,
    themes: unique([
      ...indicators.flatMap((i) => LAYER_THEMES[i.layer] ?? []),
      ...(regional ? ['REGI'] : []),
    ]),
  };
}
