// Structure queries (SDMX 2.1 RESTful web services, "Structural metadata queries"):
// /{resource}/{agencyID}/{resourceID}/{version}?references=... resolved against the release's
// structures. Every artefact is maintained by DALA at version 1.0; `all` and `latest` select it.
import { SdmxError } from './errors.js';
import type { StructureSelection } from './structure-writer.js';
import { CONCEPT_SCHEME, AGENCY, VERSION, type SdmxStructures } from './structures.js';

export const STRUCTURE_RESOURCES = [
  'dataflow',
  'datastructure',
  'codelist',
  'conceptscheme',
] as const;
export type StructureResource = (typeof STRUCTURE_RESOURCES)[number];

/** The other resources of the SDMX 2.1 REST interface: Dala maintains none of them (501). */
export const UNIMPLEMENTED_RESOURCES = [
  'structure',
  'metadatastructure',
  'categoryscheme',
  'categorisation',
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

/** The artefacts an artefact refers to (its children): a dataflow its structure, a structure its code lists and concepts. */
function childrenOf(s: SdmxStructures, key: Key): Key[] {
  const [resource, id] = key.split(' ') as [StructureResource, string];
  if (resource === 'dataflow') return [`datastructure ${s.dataflowById.get(id)!.structure.id}`];
  if (resource !== 'datastructure') return [];
  const dsd = s.dataStructures.find((d) => d.id === id)!;
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
  ];
}

const parentsOf = (s: SdmxStructures, key: Key) =>
  allKeys(s).filter((k) => childrenOf(s, k).includes(key));
const descendantsOf = (s: SdmxStructures, key: Key): Key[] =>
  childrenOf(s, key).flatMap((c) => [c, ...descendantsOf(s, c)]);

function referenced(s: SdmxStructures, key: Key, references: References): Key[] {
  const parents = () => parentsOf(s, key);
  const siblings = () => parents().flatMap((p) => [p, ...childrenOf(s, p)]);
  switch (references) {
    case 'none':
      return [];
    case 'parents':
      return parents();
    case 'parentsandsiblings':
      return siblings();
    case 'children':
      return childrenOf(s, key);
    case 'descendants':
      return descendantsOf(s, key);
    case 'all':
      return [...siblings(), ...descendantsOf(s, key)];
    // a resource type: the artefacts of that type among every one this artefact is related to
    default:
      return [...siblings(), ...descendantsOf(s, key)].filter((k) =>
        k.startsWith(`${references} `),
      );
  }
}

export interface StructureQuery {
  resource: StructureResource;
  agencyID: string;
  resourceID: string;
  version: string;
  references: References;
}

/** The selection a structure query names; 404 (SDMX 100) when nothing matches. */
export function selectStructures(s: SdmxStructures, q: StructureQuery): StructureSelection {
  const agencyMatches = q.agencyID === 'all' || q.agencyID === AGENCY;
  const versionMatches = q.version === 'all' || q.version === 'latest' || q.version === VERSION;
  const matched =
    agencyMatches && versionMatches
      ? allKeys(s).filter(
          (k) =>
            k.startsWith(`${q.resource} `) &&
            (q.resourceID === 'all' || k === `${q.resource} ${q.resourceID}`),
        )
      : [];
  if (!matched.length) {
    throw new SdmxError(
      'no_results',
      `no ${q.resource} ${q.agencyID}/${q.resourceID}/${q.version}: this service maintains agency ${AGENCY}, version ${VERSION}`,
    );
  }
  const keys = new Set<Key>(matched);
  for (const k of matched) for (const r of referenced(s, k, q.references)) keys.add(r);
  const ids = (resource: StructureResource) =>
    new Set(
      [...keys]
        .filter((k) => k.startsWith(`${resource} `))
        .map((k) => k.slice(resource.length + 1)),
    );
  const flows = ids('dataflow');
  const dsds = ids('datastructure');
  const lists = ids('codelist');
  return {
    dataflows: s.dataflows.filter((f) => flows.has(f.id)),
    dataStructures: s.dataStructures.filter((d) => dsds.has(d.id)),
    codelists: s.codelists.filter((c) => lists.has(c.id)),
    concepts: ids('conceptscheme').size ? s.concepts : null,
  };
}
