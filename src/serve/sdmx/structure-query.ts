// Structure queries (SDMX 2.1 RESTful web services, "Structural metadata queries"):
// /{resource}/{agencyID}/{resourceID}/{version}?references=... resolved against the release's
// structures. Every artefact is maintained by DALA at version 1.0; `all` and `latest` select it.
import { SdmxError } from './errors.js';
import type { StructureSelection } from './structure-writer.js';
import {
  CONCEPT_SCHEME,
  AGENCY,
  PRIMARY_MEASURE,
  TIME_DIMENSION,
  VERSION,
  type DataStructure,
  type SdmxStructures,
} from './structures.js';

export const STRUCTURE_RESOURCES = [
  'dataflow',
  'datastructure',
  'codelist',
  'conceptscheme',
  'categoryscheme',
  'categorisation',
] as const;
export type StructureResource = (typeof STRUCTURE_RESOURCES)[number];

/** The other resources of the SDMX 2.1 REST interface: Dala maintains none of them (501). */
export const UNIMPLEMENTED_RESOURCES = [
  'structure',
  'metadatastructure',
  'hierarchicalcodelist',
  'metadataflow',
  'agencyscheme',
  'dataproviderscheme',
  'dataconsumerscheme',
  'organisationunitscheme',
  'organisationscheme',
  'contentconstraint',
  'attachmentconstraint',
  'reportingtaxonomy',
  'structureset',
  'process',
  'provisionagreement',
] as const;

export const REFERENCES = [
  'none',
  'parents',
  'parentsandsiblings',
  'children',
  'descendants',
  'all',
  ...STRUCTURE_RESOURCES,
  ...UNIMPLEMENTED_RESOURCES,
] as const;
export type References = (typeof REFERENCES)[number];

/** One artefact, as `resource id`. */
type Key = `${StructureResource} ${string}`;

/**
 * The artefacts an artefact refers to (its children): a dataflow its structure, a structure its code
 * lists and concepts, a categorisation its dataflow and the category scheme (so a dataflow's parents
 * are its categorisations).
 */
function childrenOf(
  s: SdmxStructures,
  key: Key,
  byId: {
    dsd: Map<string, SdmxStructures['dataStructures'][number]>;
    categorisation: Map<string, SdmxStructures['categorisations'][number]>;
  },
): Key[] {
  const [resource, id] = key.split(' ') as [StructureResource, string];
  if (resource === 'dataflow') return [`datastructure ${s.dataflowById.get(id)!.structure.id}`];
  if (resource === 'categorisation') {
    const c = byId.categorisation.get(id)!;
    return [`dataflow ${c.dataflow}`, `categoryscheme ${s.categoryScheme!.id}`];
  }
  if (resource !== 'datastructure') return [];
  const dsd = byId.dsd.get(id)!;
  const lists = [
    ...dsd.dimensions.map((d) => d.codelist),
    ...dsd.attributes.map((a) => a.codelist),
  ].filter((c): c is string => c !== null);
  return [...new Set(lists)]
    .map((c): Key => `codelist ${c}`)
    .concat(`conceptscheme ${CONCEPT_SCHEME}`);
}

function allKeys(s: SdmxStructures): Key[] {
  return [
    ...s.dataflows.map((f): Key => `dataflow ${f.id}`),
    ...s.dataStructures.map((d): Key => `datastructure ${d.id}`),
    ...s.codelists.map((c): Key => `codelist ${c.id}`),
    `conceptscheme ${CONCEPT_SCHEME}`,
    ...(s.categoryScheme ? [`categoryscheme ${s.categoryScheme.id}` as Key] : []),
    ...s.categorisations.map((c): Key => `categorisation ${c.id}`),
  ];
}

/** Every artefact, and its children and parents: the graph the references walk. */
interface Graph {
  keys: Key[];
  children: Map<Key, Key[]>;
  parents: Map<Key, Key[]>;
}

// Made once per release's structures: asked per artefact, the parents of every dataflow of a
// `dataflow/all` query were a scan of every artefact's children (932 dataflows, each structure
// found by a scan too), 5.3 s of CPU for one request.
const graphs = new WeakMap<SdmxStructures, Graph>();

function graphOf(s: SdmxStructures): Graph {
  let g = graphs.get(s);
  if (g) return g;
  const keys = allKeys(s);
  const byId = {
    dsd: new Map(s.dataStructures.map((d) => [d.id, d])),
    categorisation: new Map(s.categorisations.map((c) => [c.id, c])),
  };
  const children = new Map(keys.map((k) => [k, childrenOf(s, k, byId)] as const));
  const parents = new Map<Key, Key[]>();
  for (const [k, cs] of children)
    for (const c of cs) parents.set(c, [...(parents.get(c) ?? []), k]);
  graphs.set(s, (g = { keys, children, parents }));
  return g;
}

const descendantsOf = (g: Graph, key: Key): Key[] =>
  (g.children.get(key) ?? []).flatMap((c) => [c, ...descendantsOf(g, c)]);

function referenced(g: Graph, key: Key, references: References): Key[] {
  const parents = () => g.parents.get(key) ?? [];
  const siblings = () => parents().flatMap((p) => [p, ...(g.children.get(p) ?? [])]);
  switch (references) {
    case 'none':
      return [];
    case 'parents':
      return parents();
    case 'parentsandsiblings':
      return siblings();
    case 'children':
      return g.children.get(key) ?? [];
    case 'descendants':
      return descendantsOf(g, key);
    case 'all':
      return [...siblings(), ...descendantsOf(g, key)];
    // a resource type: the artefacts of that type among every one this artefact is related to
    default:
      return [...siblings(), ...descendantsOf(g, key)].filter((k) =>
        k.startsWith(`${references} `),
      );
  }
}

export interface StructureQuery {
  resource: StructureResource;
  agencyID: string;
  resourceID: string;
  version: string;
  /** Items of an item scheme (codes of a code list, concepts of a concept scheme); undefined for all. */
  itemID?: string;
  references: References;
  /** detail=referencepartial: a referenced concept scheme holds only the concepts the structures use. */
  referencePartial?: boolean;
}

/** The concepts data structures use: each dimension, attribute, the time dimension and the measure. */
const conceptsUsedBy = (dsds: readonly DataStructure[]) =>
  new Set([
    ...dsds.flatMap((d) => [...d.dimensions, ...d.attributes].map((c) => c.id)),
    TIME_DIMENSION,
    PRIMARY_MEASURE,
  ]);

/**
 * The values a path parameter lists: several joined by "+" (SDMX 2.1 REST, "Structural metadata
 * queries"), or null for every one (`all`; for a version also `latest` and `*`; keywords in any case,
 * as clients send both LATEST and latest).
 */
function listed(value: string, keywords: readonly string[]): string[] | null {
  const values = value.split('+');
  return values.some((v) => keywords.includes(v.toLowerCase())) ? null : values;
}

/** The item schemes, whose items an item query names. */
export const ITEM_SCHEMES: readonly StructureResource[] = [
  'codelist',
  'conceptscheme',
  'categoryscheme',
];

/** The selection a structure query names; 404 (SDMX 100) when nothing matches. */
export function selectStructures(s: SdmxStructures, q: StructureQuery): StructureSelection {
  const agencies = listed(q.agencyID, ['all']);
  const ids = listed(q.resourceID, ['all']);
  const versions = listed(q.version, ['all', 'latest', '*']);
  const items = q.itemID === undefined ? null : listed(q.itemID, ['all']);
  if (q.itemID !== undefined && !ITEM_SCHEMES.includes(q.resource)) {
    throw new SdmxError(
      'invalid_path',
      `${q.resource} is not an item scheme: item queries name codes of a codelist, concepts of a conceptscheme or categories of a categoryscheme`,
    );
  }
  const agencyMatches = agencies === null || agencies.includes(AGENCY);
  const versionMatches = versions === null || versions.includes(VERSION);
  const graph = graphOf(s);
  const matched =
    agencyMatches && versionMatches
      ? graph.keys.filter(
          (k) =>
            k.startsWith(`${q.resource} `) &&
            (ids === null || ids.includes(k.slice(q.resource.length + 1))),
        )
      : [];
  if (!matched.length) {
    throw new SdmxError(
      'no_results',
      `no ${q.resource} ${q.agencyID}/${q.resourceID}/${q.version}: this service maintains agency ${AGENCY}, version ${VERSION}`,
    );
  }
  const keys = new Set<Key>(matched);
  for (const k of matched) for (const r of referenced(graph, k, q.references)) keys.add(r);
  const idsOf = (resource: StructureResource) =>
    new Set(
      [...keys]
        .filter((k) => k.startsWith(`${resource} `))
        .map((k) => k.slice(resource.length + 1)),
    );
  const flows = idsOf('dataflow');
  const dsds = idsOf('datastructure');
  const lists = idsOf('codelist');
  const categorisations = idsOf('categorisation');
  const dataStructures = s.dataStructures.filter((d) => dsds.has(d.id));
  // An item query keeps only the named items of the schemes it matched (their references whole).
  const itemOf = (resource: StructureResource, id: string) =>
    items !== null && resource === q.resource && matched.includes(`${resource} ${id}`)
      ? (item: { id: string }) => items.includes(item.id)
      : () => true;
  // a code list kept whole is the release's own object, whose XML is kept (xml-pieces.ts); one an
  // item query cut is partial (SDMX 2.1 REST: "its isPartial parameter should be set to true")
  const codelists = s.codelists
    .filter((c) => lists.has(c.id))
    .map((c) => {
      const keep = itemOf('codelist', c.id);
      const codes = c.codes.filter(keep);
      return codes.length === c.codes.length ? c : { ...c, codes, partial: true };
    });
  // detail=referencepartial (SDMX 2.1 REST: "referenced item schemes should only include items used
  // by the artefact to be returned ... a concept scheme would only contain the concepts used in a
  // DSD"): the concept scheme, when referenced, keeps the concepts of the selected structures. A
  // code list is a structure's representation of a dimension or attribute, every code of it usable,
  // so it stays whole.
  const used =
    q.referencePartial && q.resource !== 'conceptscheme' && dataStructures.length
      ? conceptsUsedBy(dataStructures)
      : null;
  const concepts = idsOf('conceptscheme').size
    ? s.concepts
        .filter(itemOf('conceptscheme', CONCEPT_SCHEME))
        .filter((c) => used === null || used.has(c.id))
    : null;
  const categories =
    s.categoryScheme && idsOf('categoryscheme').size
      ? s.categoryScheme.categories.filter(itemOf('categoryscheme', s.categoryScheme.id))
      : null;
  const categoryScheme =
    s.categoryScheme && categories
      ? {
          ...s.categoryScheme,
          categories,
          ...(categories.length < s.categoryScheme.categories.length ? { partial: true } : {}),
        }
      : null;
  const itemsFound =
    q.resource === 'codelist'
      ? codelists.some((c) => c.codes.length)
      : q.resource === 'categoryscheme'
        ? categoryScheme?.categories.length
        : concepts?.length;
  if (items !== null && !itemsFound) {
    throw new SdmxError(
      'no_results',
      `no item ${q.itemID} in ${q.resource} ${q.agencyID}/${q.resourceID}/${q.version}`,
    );
  }
  return {
    dataflows: s.dataflows.filter((f) => flows.has(f.id)),
    dataStructures,
    codelists,
    concepts,
    categoryScheme,
    categorisations: s.categorisations.filter((c) => categorisations.has(c.id)),
  };
}
