// The metadata of an Open SDG data repository: each indicator's configuration
// (indicator-config/<id>.yml), its metadata (meta/<id>.yml) and the platform's own translations in
// kk, ru and en (translations/<lang>/<group>.yml, `key: text`). A name is always the platform's own
// wording in that language, never a translation made here: the national wording
// (national_indicators.yml, what the data measure) where the platform has one, else its graph title,
// else the UN's global wording (global_indicators.yml) (kazstat-sdg NOTES, "Indicator names").
// pages.yml (staff e-mails) is never read.
import { readFile } from 'node:fs/promises';
import { parse, YAMLParseError } from 'yaml';
import { LANGUAGES, type Lang, type Names } from '../lib/languages.js';

/** The translation groups the reader uses; pages.yml is none of them. */
export const TRANSLATION_GROUPS = [
  'national_indicators',
  'global_indicators',
  'graph_titles',
  'computation_definitions',
  'sources',
  'global_goals',
  'UNIT_MEASURE',
  'SERIES',
  'COMPOSITE_BREAKDOWN',
  'ACTIVITY',
  'EDUCATION_LEV',
  'INCOME_WEALTH_QUANTILE',
] as const;
export type TranslationGroup = (typeof TRANSLATION_GROUPS)[number];

// the platform keeps its Kazakh texts under "kk"
type Translations = Record<Lang, Record<TranslationGroup, Record<string, unknown>>>;

export interface OpenSdgMeta {
  /** The translations of every group in every language. */
  translations: Translations;
  /** Translation files the YAML parser refuses (read as absent). */
  unreadable: string[];
  config: (id: string) => Promise<Record<string, unknown>>;
  meta: (id: string) => Promise<Record<string, unknown>>;
}

/** `read(path)` gives a file of the repository (relative to its root) as text. */
export async function loadOpenSdgMeta(read: (path: string) => Promise<string>): Promise<OpenSdgMeta> {
  const translations = {} as Translations;
  const unreadable: string[] = [];
  for (const lang of LANGUAGES) {
    translations[lang] = {} as Translations[Lang];
    for (const g of TRANSLATION_GROUPS) {
      const path = `translations/${lang}/${g}.yml`;
      try {
        translations[lang][g] = yamlObject(await read(path), path);
      } catch (e) {
        // translations/en/sources.yml is no valid YAML (a quoted text not closed at line 1011): a
        // group the parser refuses is read as absent in that language, and its texts are taken from
        // another language where a text may be (indicatorAbout), never guessed from a broken file
        if (!(e instanceof YAMLParseError)) throw e;
        translations[lang][g] = {};
        unreadable.push(path);
      }
    }
  }
  const file = (dir: string) => async (id: string) => {
    const path = `${dir}/${id}.yml`;
    return yamlObject(await read(path).catch(() => ''), path);
  };
  return { translations, unreadable, config: file('indicator-config'), meta: file('meta') };
}

export const readerOfDir = (resolve: (path: string) => string) => (path: string) =>
  readFile(resolve(path), 'utf8');

function yamlObject(text: string, where: string): Record<string, unknown> {
  // one file (indicator-config/1-2-1.yml) starts with a byte order mark
  const value: unknown = parse(text.replace(/^\uFEFF/, ''));
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${where}: not a YAML mapping`);
  return value as Record<string, unknown>;
}

/** A translation key's text in one language ("national_indicators.3-2-1-title"), trimmed; null if none. */
export function translated(t: Translations, lang: Lang, key: string): string | null {
  const dot = key.indexOf('.');
  if (dot < 0) return null;
  const group = key.slice(0, dot) as TranslationGroup;
  const text = t[lang][group]?.[key.slice(dot + 1)];
  if (typeof text !== 'string') return null;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

/**
 * A code's label in a code list (SERIES, UNIT_MEASURE, ...) in each language: the platform's label in
 * that language, or the raw code where that language has none, as the platform shows it there
 * (COMPOSITE_BREAKDOWN "_L_IND_BUILD" has a label in ru only); null where no language has a label.
 */
export function codeNames(t: Translations, group: TranslationGroup, code: string): Names | null {
  const out = {} as Record<Lang, string>;
  let labelled = false;
  for (const lang of LANGUAGES) {
    const text = translated(t, lang, `${group}.${code}`);
    if (text !== null) labelled = true;
    out[lang] = text ?? code;
  }
  return labelled ? out : null;
}

/**
 * An indicator's name in each language: the first of its national wording (meta
 * indicator_available), its graph title and its global wording that the platform has in that
 * language. Null when a language has none of them.
 */
export function indicatorNames(t: Translations, config: Record<string, unknown>, meta: Record<string, unknown>): Names | null {
  const keys = [meta.indicator_available, config.graph_title, config.indicator_name].filter(
    (k): k is string => typeof k === 'string',
  );
  const out = {} as Record<Lang, string>;
  for (const lang of LANGUAGES) {
    const name = keys.map((k) => translated(t, lang, k)).find((n) => n !== null);
    if (name === undefined || name === null) return null;
    out[lang] = name;
  }
  return out;
}

/** The English definition and the sources the metadata names (source_data_n, source_organisation_n). */
export function indicatorAbout(t: Translations, meta: Record<string, unknown>): { definition: string | null; sources: string[] } {
  const definition =
    typeof meta.indicator_definition === 'string' && meta.indicator_definition.trim() !== ''
      ? meta.indicator_definition.replace(/\s+/g, ' ').trim()
      : typeof meta.computation_definitions === 'string'
        ? translated(t, 'en', meta.computation_definitions)
        : null;
  const sources: string[] = [];
  for (const [k, v] of Object.entries(meta))
    if (/^source_(data|organisation|compilation)_\d+$/.test(k) && typeof v === 'string') {
      const text = v.startsWith('sources.') ? translated(t, 'en', v) ?? translated(t, 'ru', v) : v.trim();
      if (text && !sources.includes(text)) sources.push(text);
    }
  return { definition, sources };
}
