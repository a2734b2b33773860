// The languages of the data and the service, declared once: Kazakh (the state language), Russian and
// English. Every list, type and schema of names derives from LANGUAGES, in one of the orders below.

export const LANGUAGES = ['kk', 'ru', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** A name in every language. */
export type Names = Record<Lang, string>;

/** Names as the store keeps them: English always, another language null where none exists. */
export type StoredNames = { en: string } & Record<Exclude<Lang, 'en'>, string | null>;

type Reversed<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R]
  ? readonly [...Reversed<R>, H]
  : readonly [];

/**
 * The languages English first: the order the API's answers and SDMX messages list names in
 * (English, the one name never missing there, first).
 */
export const LANGUAGES_ENGLISH_FIRST = [...LANGUAGES].reverse() as unknown as Reversed<
  typeof LANGUAGES
>;

/** The order the `locale` parameter lists the languages in (docs/interface.md §4.4). */
export const LOCALE_ORDER = ['ru', 'kk', 'en'] as const satisfies readonly Lang[];

/** One member per language, each `member`, in the given order (a schema's `properties`). */
export function perLanguage<S, L extends readonly Lang[] = typeof LANGUAGES>(
  member: S,
  order: L = LANGUAGES as unknown as L,
): { readonly [K in L[number]]: S } {
  return Object.fromEntries(order.map((lang) => [lang, member])) as {
    readonly [K in L[number]]: S;
  };
}

/** JSON Schema (draft 2020-12) of a name in every language, none empty. */
export const NAMES_SCHEMA = {
  type: 'object',
  required: LANGUAGES,
  properties: perLanguage({ type: 'string', minLength: 1 } as const),
  additionalProperties: false,
} as const;
