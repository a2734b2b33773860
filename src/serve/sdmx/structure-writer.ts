// SDMX-ML 2.1 structure messages (SDMXStructure.xsd): dataflows, data structure definitions, code
// lists and the concept scheme, in the order StructuresType declares them.
import type { Availability } from './availability.js';
import { contentConstraint } from './constraint-writer.js';
import type { XmlWriter } from './xml.js';
import { XmlPieces } from './xml-pieces.js';
import { NS, headerStart, maintainable, names, type MessageContext } from './namespaces.js';
import { categorisation, categorySchemes } from './category-writer.js';
import { CATEGORY_SCHEME, type Categorisation, type CategoryScheme } from './categories.js';
import {
  AGENCY,
  CONCEPTS,
  CONCEPT_SCHEME,
  CONCEPT_SCHEME_NAME,
  PRIMARY_MEASURE,
  TIME_DIMENSION,
  VERSION,
  type AttributeRef,
  type Codelist,
  type Concept,
  type DataStructure,
  type Dataflow,
} from './structures.js';

/** The artefacts a structure query selected. */
export interface StructureSelection {
  dataflows: readonly Dataflow[];
  dataStructures: readonly DataStructure[];
  codelists: readonly (Codelist & { partial?: boolean })[];
  concepts: readonly Concept[] | null; // the concept scheme, when selected
  categoryScheme?: (CategoryScheme & { partial?: boolean }) | null; // the topic scheme, when selected
  categorisations?: readonly Categorisation[];
  constraints?: readonly Availability[];
}

function conceptIdentity(w: XmlWriter, concept: string): void {
  w.wrap('str:ConceptIdentity', {}, () =>
    w.leaf('Ref', {
      id: concept,
      maintainableParentID: CONCEPT_SCHEME,
      maintainableParentVersion: VERSION,
      agencyID: AGENCY,
      package: 'conceptscheme',
      class: 'Concept',
    }),
  );
}

function representation(w: XmlWriter, codelist: string | null, textType: string): void {
  w.wrap('str:LocalRepresentation', {}, () => {
    if (codelist)
      w.wrap('str:Enumeration', {}, () =>
        w.leaf('Ref', {
          id: codelist,
          version: VERSION,
          agencyID: AGENCY,
          package: 'codelist',
          class: 'Codelist',
        }),
      );
    else w.leaf('str:TextFormat', { textType });
  });
}

function attribute(w: XmlWriter, dsd: string, a: AttributeRef): void {
  const attrUrn = `urn:sdmx:org.sdmx.infomodel.datastructure.DataAttribute=${AGENCY}:${dsd}(${VERSION}).${a.id}`;
  w.wrap(
    'str:Attribute',
    { id: a.id, urn: attrUrn, assignmentStatus: a.mandatory ? 'Mandatory' : 'Conditional' },
    () => {
      conceptIdentity(w, a.id);
      representation(w, a.codelist, 'String');
      // Every attribute is reported per observation (a unit or status can change inside a series).
      w.wrap('str:AttributeRelationship', {}, () =>
        w.wrap('str:PrimaryMeasure', {}, () => w.leaf('Ref', { id: PRIMARY_MEASURE })),
      );
    },
  );
}

function dataStructure(w: XmlWriter, d: DataStructure): void {
  const part = (cls: string, id: string) =>
    `urn:sdmx:org.sdmx.infomodel.datastructure.${cls}=${AGENCY}:${d.id}(${VERSION}).${id}`;
  w.wrap('str:DataStructure', maintainable('datastructure.DataStructure', d.id), () => {
    names(w, 'com:Name', d.name);
    w.wrap('str:DataStructureComponents', {}, () => {
      w.wrap(
        'str:DimensionList',
        { id: 'DimensionDescriptor', urn: part('DimensionDescriptor', 'DimensionDescriptor') },
        () => {
          d.dimensions.forEach((dim, i) =>
            w.wrap(
              'str:Dimension',
              { id: dim.id, urn: part('Dimension', dim.id), position: i + 1 },
              () => {
                conceptIdentity(w, dim.id);
                representation(w, dim.codelist, 'String');
              },
            ),
          );
          w.wrap(
            'str:TimeDimension',
            {
              id: TIME_DIMENSION,
              urn: part('TimeDimension', TIME_DIMENSION),
              position: d.dimensions.length + 1,
            },
            () => {
              conceptIdentity(w, TIME_DIMENSION);
              representation(w, null, 'ObservationalTimePeriod');
            },
          );
        },
      );
      w.wrap(
        'str:AttributeList',
        { id: 'AttributeDescriptor', urn: part('AttributeDescriptor', 'AttributeDescriptor') },
        () => {
          for (const a of d.attributes) attribute(w, d.id, a);
        },
      );
      w.wrap(
        'str:MeasureList',
        { id: 'MeasureDescriptor', urn: part('MeasureDescriptor', 'MeasureDescriptor') },
        () =>
          w.wrap(
            'str:PrimaryMeasure',
            { id: PRIMARY_MEASURE, urn: part('PrimaryMeasure', PRIMARY_MEASURE) },
            () => {
              conceptIdentity(w, PRIMARY_MEASURE);
              representation(w, null, 'Double');
            },
          ),
      );
    });
  });
}

function dataflow(w: XmlWriter, f: Dataflow): void {
  w.wrap('str:Dataflow', maintainable('datastructure.Dataflow', f.id), () => {
    names(w, 'com:Name', f.name);
    w.wrap('str:Structure', {}, () =>
      w.leaf('Ref', {
        id: f.structure.id,
        version: VERSION,
        agencyID: AGENCY,
        package: 'datastructure',
        class: 'DataStructure',
      }),
    );
  });
}

function codelist(w: XmlWriter, list: Codelist & { partial?: boolean }): void {
  w.wrap(
    'str:Codelist',
    { ...maintainable('codelist.Codelist', list.id), isPartial: list.partial ? 'true' : undefined },
    () => {
      names(w, 'com:Name', list.name);
      for (const code of list.codes) {
        w.wrap(
          'str:Code',
          {
            id: code.id,
            urn: `urn:sdmx:org.sdmx.infomodel.codelist.Code=${AGENCY}:${list.id}(${VERSION}).${code.id}`,
          },
          () => names(w, 'com:Name', code.name),
        );
      }
    },
  );
}

/** The concept scheme, partial when it holds only some of its concepts (an item query, referencepartial). */
function conceptScheme(w: XmlWriter, concepts: readonly Concept[]): void {
  const attributes = {
    ...maintainable('conceptscheme.ConceptScheme', CONCEPT_SCHEME),
    isPartial: concepts.length < CONCEPTS.length ? 'true' : undefined,
  };
  w.wrap('str:ConceptScheme', attributes, () => {
    names(w, 'com:Name', CONCEPT_SCHEME_NAME);
    for (const c of concepts) {
      w.wrap(
        'str:Concept',
        {
          id: c.id,
          urn: `urn:sdmx:org.sdmx.infomodel.conceptscheme.Concept=${AGENCY}:${CONCEPT_SCHEME}(${VERSION}).${c.id}`,
        },
        () => {
          names(w, 'com:Name', c.name);
          names(w, 'com:Description', c.description);
        },
      );
    }
  });
}

const categorisationOfScheme = (w: XmlWriter, c: Categorisation) =>
  categorisation(w, CATEGORY_SCHEME, c);

/**
 * The whole mes:Structure message of a selection, as UTF-8 bytes. Each artefact the release's
 * structures hold is written once and its bytes kept (xml-pieces.ts): a selection's artefacts are
 * those objects, except code lists an item query cut, which are written for the one message.
 */
export function structureMessage(selection: StructureSelection, ctx: MessageContext): Buffer {
  const m = new XmlPieces();
  const { w } = m;
  w.open('mes:Structure', { 'xmlns:mes': NS.mes, 'xmlns:str': NS.str, 'xmlns:com': NS.com });
  headerStart(w, ctx);
  w.close('mes:Header');
  w.open('mes:Structures');
  const each = <T extends object>(
    element: string,
    list: readonly T[] | undefined,
    write: (w: XmlWriter, value: T) => void,
  ) => {
    if (!list?.length) return;
    w.open(element);
    for (const value of list) m.artefact(value, write);
    w.close(element);
  };
  each('str:Dataflows', selection.dataflows, dataflow);
  if (selection.categoryScheme) categorySchemes(w, selection.categoryScheme);
  each('str:Categorisations', selection.categorisations, categorisationOfScheme);
  each('str:Codelists', selection.codelists, codelist);
  if (selection.concepts) w.wrap('str:Concepts', {}, () => conceptScheme(w, selection.concepts!));
  each('str:DataStructures', selection.dataStructures, dataStructure);
  if (selection.constraints?.length)
    w.wrap('str:Constraints', {}, () =>
      selection.constraints!.forEach((a) => contentConstraint(w, a)),
    );
  w.close('mes:Structures');
  w.close('mes:Structure');
  return m.bytes();
}
