// The topic scheme as SDMX: a CategoryScheme (DALA_TOPICS: one Category per topic of the store, in the
// scheme's order) and one Categorisation per dataflow and topic, linking the dataflow to the category
// of each topic its indicator is classified in (SDMX 2.1 Information Model §6, "Category Scheme" and
// "Categorisation"), so a client browses the dataflows by topic as on the ECB's or Eurostat's service.
import type { StoreReader } from '../../store/reader.js';
import type { Names } from './concepts.js';

export const CATEGORY_SCHEME = 'DALA_TOPICS';

export interface Category {
  id: string;
  name: Names;
}
export interface CategoryScheme {
  id: string;
  name: Names;
  categories: readonly Category[];
}
export interface Categorisation {
  id: string;
  name: Names;
  dataflow: string;
  category: string;
}

/** The category scheme of a store (null for a store without topics) and the categorisations of its dataflows. */
export function categoriesOf(
  reader: StoreReader,
  dataflows: readonly { id: string; name: Names }[],
): { categoryScheme: CategoryScheme | null; categorisations: readonly Categorisation[] } {
  const { scheme, topics } = reader.topics;
  if (!scheme) return { categoryScheme: null, categorisations: [] };
  const categories = topics.map((t) => ({
    id: t.id,
    name: { en: t.name_en, ru: t.name_ru, kk: t.name_kk },
  }));
  const nameOf = new Map(categories.map((c) => [c.id, c.name]));
  const categorisations = dataflows.flatMap((f) =>
    reader.topics.of(f.id).map((topic): Categorisation => ({
      // an IDType may hold letters, digits, _, @, $ and -: a flow id and a topic id joined by "__"
      id: `CAT_${f.id}__${topic}`,
      // the dataflow's name and the topic's, in each language the dataflow is named in
      name: Object.fromEntries(
        Object.entries(f.name).map(([l, n]) => [l, `${n} — ${nameOf.get(topic)![l as 'en']}`]),
      ) as Names,
      dataflow: f.id,
      category: topic,
    })),
  );
  return {
    categoryScheme: { id: CATEGORY_SCHEME, name: scheme.title, categories },
    categorisations,
  };
}
