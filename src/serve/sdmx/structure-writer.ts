// SDMX-ML 2.1 structure messages (SDMXStructure.xsd): dataflows, data structure definitions, code
// lists and the concept scheme, in the order StructuresType declares them.
import type { Availability } from './availability.js';
import { contentConstraint } from './constraint-writer.js';
import { XmlWriter } from './xml.js';
import { NS, headerStart, maintainable, names, type MessageContext } from './namespaces.js';
import { categorisations, categorySchemes } from './category-writer.js';
import { CATEGORY_SCHEME, type Categorisation, type CategoryScheme } from './categories.js';
import {
  AGENCY,
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
  categoryScheme?: CategoryScheme | null; // the topic scheme, when selected
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

/** The whole mes:Structure message of a selection. */
export function structureMessage(selection: StructureSelection, ctx: MessageContext): string {
  const w = new XmlWriter();
  w.open('mes:Structure', { 'xmlns:mes': NS.mes, 'xmlns:str': NS.str, 'xmlns:com': NS.com });
  headerStart(w, ctx);
  w.close('mes:Header');
  w.open('mes:Structures');
  if (selection.dataflows.length) {
    w.wrap('str:Dataflows', {}, () => {
      for (const f of selection.dataflows)
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
    });
  }
  if (selection.categoryScheme) categorySchemes(w, selection.categoryScheme);
  if (selection.categorisations?.length)
    categorisations(w, CATEGORY_SCHEME, selection.categorisations);
  if (selection.codelists.length) {
    w.wrap('str:Codelists', {}, () => {
      for (const list of selection.codelists)
        w.wrap(
          'str:Codelist',
          {
            ...maintainable('codelist.Codelist', list.id),
            isPartial: list.partial ? 'true' : undefined,
          },
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
    });
  }
  if (selection.concepts) {
    const concepts = selection.concepts;
    w.wrap('str:Concepts', {}, () =>
      w.wrap(
        'str:ConceptScheme',
        maintainable('conceptscheme.ConceptScheme', CONCEPT_SCHEME),
        () => {
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
        },
      ),
    );
  }
  if (selection.dataStructures.length)
    w.wrap('str:DataStructures', {}, () =>
      selection.dataStructures.forEach((d) => dataStructure(w, d)),
    );
  if (selection.constraints?.length)
    w.wrap('str:Constraints', {}, () =>
      selection.constraints!.forEach((a) => contentConstraint(w, a)),
    );
  w.close('mes:Structures');
  w.close('mes:Structure');
  return w.toString();
}
