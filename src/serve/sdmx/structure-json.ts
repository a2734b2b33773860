// SDMX-JSON 1.0 structure messages (sdmx-twg/sdmx-json v1.0, structure-message/tools/schemas/1.0):
// the artefacts a structure query selected, as the SDMX-ML writer (structure-writer.ts) gives them,
// with references written as URNs (the JSON format's way) and every name in en, ru and kk.
import { LANGUAGES_ENGLISH_FIRST } from '../../lib/languages.js';
import type { Availability } from './availability.js';
import { constraintId, constraintNames } from './constraint-writer.js';
import { urn, type MessageContext } from './namespaces.js';
import type { StructureSelection } from './structure-writer.js';
import {
  AGENCY,
  CONCEPTS,
  CONCEPT_SCHEME,
  CONCEPT_SCHEME_NAME,
  PRIMARY_MEASURE,
  TIME_DIMENSION,
  VERSION,
  type AttributeRef,
  type DataStructure,
  type Names,
} from './structures.js';

export const SDMX_JSON_STRUCTURE_SCHEMA =
  'https://raw.githubusercontent.com/sdmx-twg/sdmx-json/v1.0/structure-message/tools/schemas/1.0/sdmx-json-structure-schema.json';

/** `name` the best-match text (English, which every name has), `names` each language. */
const named = (list: Names) => ({ name: list.en ?? '', names: list });
const described = (list: Names) => ({ description: list.en ?? '', descriptions: list });

const maintainable = (cls: string, id: string, name: Names) => ({
  id,
  urn: urn(cls, id),
  agencyID: AGENCY,
  version: VERSION,
  isFinal: true,
  ...named(name),
});

const conceptUrn = (id: string) =>
  `urn:sdmx:org.sdmx.infomodel.conceptscheme.Concept=${AGENCY}:${CONCEPT_SCHEME}(${VERSION}).${id}`;
const codelistUrn = (id: string) => urn('codelist.Codelist', id);

function attribute(dsd: string, a: AttributeRef) {
  return {
    id: a.id,
    urn: `urn:sdmx:org.sdmx.infomodel.datastructure.DataAttribute=${AGENCY}:${dsd}(${VERSION}).${a.id}`,
    assignmentStatus: a.mandatory ? 'Mandatory' : 'Conditional',
    // every attribute is reported per observation, as in the SDMX-ML structure
    attributeRelationship: { primaryMeasure: PRIMARY_MEASURE },
    conceptIdentity: conceptUrn(a.id),
    localRepresentation: a.codelist
      ? { enumeration: codelistUrn(a.codelist) }
      : { textFormat: { textType: 'String' } },
  };
}

function dataStructure(d: DataStructure) {
  const part = (cls: string, id: string) =>
    `urn:sdmx:org.sdmx.infomodel.datastructure.${cls}=${AGENCY}:${d.id}(${VERSION}).${id}`;
  return {
    ...maintainable('datastructure.DataStructure', d.id, d.name),
    dataStructureComponents: {
      dimensionList: {
        id: 'DimensionDescriptor',
        urn: part('DimensionDescriptor', 'DimensionDescriptor'),
        dimensions: d.dimensions.map((dim, i) => ({
          id: dim.id,
          urn: part('Dimension', dim.id),
          position: i, // from 0 (SDMX-JSON DimensionType)
          type: 'Dimension',
          conceptIdentity: conceptUrn(dim.id),
          localRepresentation: { enumeration: codelistUrn(dim.codelist) },
        })),
        timeDimensions: [
          {
            id: TIME_DIMENSION,
            urn: part('TimeDimension', TIME_DIMENSION),
            position: d.dimensions.length,
            type: 'TimeDimension',
            conceptIdentity: conceptUrn(TIME_DIMENSION),
            localRepresentation: { textFormat: { textType: 'ObservationalTimePeriod' } },
          },
        ],
      },
      attributeList: {
        id: 'AttributeDescriptor',
        urn: part('AttributeDescriptor', 'AttributeDescriptor'),
        attributes: d.attributes.map((a) => attribute(d.id, a)),
      },
      measureList: {
        id: 'MeasureDescriptor',
        urn: part('MeasureDescriptor', 'MeasureDescriptor'),
        primaryMeasure: {
          id: PRIMARY_MEASURE,
          urn: part('PrimaryMeasure', PRIMARY_MEASURE),
          conceptIdentity: conceptUrn(PRIMARY_MEASURE),
          localRepresentation: { textFormat: { textType: 'Double' } },
        },
      },
    },
  };
}

/**
 * An availability as SDMX-JSON 1.0 states it (ContentConstraintType), as the SDMX-ML one
 * (constraint-writer.ts): Actual, attached to the dataflow, one included cube region with each
 * dimension's codes and TIME_PERIOD's range, the number of observations as the obs_count annotation.
 */
const contentConstraint = (a: Availability) => ({
  ...maintainable('registry.ContentConstraint', constraintId(a.flow.id), constraintNames(a)),
  type: 'Actual',
  annotations: [{ id: 'obs_count', title: String(a.observations), type: 'sdmx_metrics' }],
  constraintAttachment: { dataflows: [urn('datastructure.Dataflow', a.flow.id)] },
  cubeRegions: [
    {
      isIncluded: true,
      keyValues: [
        ...a.values.map((v) => ({ id: v.id, values: v.codes })),
        ...(a.time
          ? [
              {
                id: TIME_DIMENSION,
                timeRange: {
                  startPeriod: { period: a.time.start, isInclusive: true },
                  endPeriod: { period: a.time.end, isInclusive: true },
                },
              },
            ]
          : []),
      ],
    },
  ],
});

/** The whole SDMX-JSON structure message of a selection. */
export function structureJson(selection: StructureSelection, ctx: MessageContext): string {
  const data: Record<string, unknown[]> = {};
  if (selection.dataflows.length)
    data['dataflows'] = selection.dataflows.map((f) => ({
      ...maintainable('datastructure.Dataflow', f.id, f.name),
      structure: urn('datastructure.DataStructure', f.structure.id),
    }));
  if (selection.dataStructures.length)
    data['dataStructures'] = selection.dataStructures.map(dataStructure);
  if (selection.codelists.length)
    data['codelists'] = selection.codelists.map((list) => ({
      ...maintainable('codelist.Codelist', list.id, list.name),
      ...(list.partial ? { isPartial: true } : {}),
      codes: list.codes.map((code) => ({
        id: code.id,
        urn: `urn:sdmx:org.sdmx.infomodel.codelist.Code=${AGENCY}:${list.id}(${VERSION}).${code.id}`,
        ...named(code.name),
      })),
    }));
  if (selection.concepts)
    data['conceptSchemes'] = [
      {
        ...maintainable('conceptscheme.ConceptScheme', CONCEPT_SCHEME, CONCEPT_SCHEME_NAME),
        ...(selection.concepts.length < CONCEPTS.length ? { isPartial: true } : {}),
        concepts: selection.concepts.map((c) => ({
          id: c.id,
          urn: conceptUrn(c.id),
          ...named(c.name),
          ...described(c.description),
        })),
      },
    ];
  if (selection.constraints?.length)
    data['contentConstraints'] = selection.constraints.map(contentConstraint);
  return JSON.stringify({
    meta: {
      schema: SDMX_JSON_STRUCTURE_SCHEMA,
      id: ctx.id,
      test: false,
      prepared: ctx.prepared,
      contentLanguages: [...LANGUAGES_ENGLISH_FIRST],
      sender: { id: AGENCY, name: 'Dala' },
    },
    data,
  });
}
