// The structure-specific data schema of a dataflow for one observation dimension (SDMX 2.1 REST
// schema queries; SDMX 2.1 Technical Notes, "structure specific schemas"): DataSetType, SeriesType
// and ObsType derived by restriction from SDMXDataStructureSpecificBase.xsd, with one unqualified
// XML attribute per dimension and attribute of the data structure, coded ones restricted to their
// code list. It is what a structure-specific data message's xsi:type refers to. The SDMX schemas are
// imported by file name: keep them beside it (as the SDMX-ML 2.1 distribution ships them).
import { derivedNamespace } from './data-xml.js';
import { ALL_DIMENSIONS, dimensionIds } from './data-shape.js';
import { NS } from './namespaces.js';
import { PRIMARY_MEASURE, TIME_DIMENSION, type Codelist, type Dataflow } from './structures.js';
import { XmlWriter } from './xml.js';

const XS = 'http://www.w3.org/2001/XMLSchema';

export function schemaMessage(
  flow: Dataflow,
  obsDimension: string,
  codelists: readonly Codelist[],
): string {
  const w = new XmlWriter();
  const ns = derivedNamespace(flow.id, obsDimension);
  w.open('xs:schema', {
    'xmlns:xs': XS,
    xmlns: ns,
    targetNamespace: ns,
    'xmlns:ss': NS.ss,
    'xmlns:common': NS.com,
    elementFormDefault: 'qualified',
    attributeFormDefault: 'unqualified',
  });
  w.leaf('xs:import', { namespace: NS.ss, schemaLocation: 'SDMXDataStructureSpecific.xsd' });
  w.leaf('xs:import', { namespace: NS.com, schemaLocation: 'SDMXCommon.xsd' });

  const codelistOf = new Map<string, string>();
  for (const d of flow.structure.dimensions) codelistOf.set(d.id, d.codelist);
  for (const a of flow.structure.attributes) if (a.codelist) codelistOf.set(a.id, a.codelist);
  for (const id of new Set(codelistOf.values())) {
    const list = codelists.find((c) => c.id === id)!;
    w.wrap('xs:simpleType', { name: `${id}Type` }, () =>
      w.wrap('xs:restriction', { base: 'xs:string' }, () => {
        for (const code of list.codes) w.leaf('xs:enumeration', { value: code.id });
      }),
    );
  }
  const typeOf = (component: string) =>
    component === TIME_DIMENSION
      ? 'common:ObservationalTimePeriodType'
      : codelistOf.has(component)
        ? `${codelistOf.get(component)}Type`
        : 'xs:string';
  const declare = (id: string, use: 'required' | 'optional') =>
    w.leaf('xs:attribute', { name: id, type: typeOf(id), use });
  const prohibit = (id: string) => w.leaf('xs:attribute', { name: id, use: 'prohibited' });
  const restriction = (name: string, base: string, content: () => void, attributes: () => void) =>
    w.wrap('xs:complexType', { name }, () =>
      w.wrap('xs:complexContent', {}, () =>
        w.wrap('xs:restriction', { base }, () => {
          w.wrap('xs:sequence', {}, () => {
            w.leaf('xs:element', { ref: 'common:Annotations', minOccurs: 0 });
            content();
          });
          attributes();
        }),
      ),
    );

  const dims = dimensionIds(flow);
  const obsDims = obsDimension === ALL_DIMENSIONS ? dims : [obsDimension];
  const seriesDims = dims.filter((d) => !obsDims.includes(d));
  const grouped = obsDimension !== ALL_DIMENSIONS;

  restriction(
    'DataSetType',
    'ss:DataSetType',
    () => {
      w.leaf('xs:element', {
        name: 'DataProvider',
        type: 'common:DataProviderReferenceType',
        form: 'unqualified',
        minOccurs: 0,
      });
      w.leaf('xs:element', {
        name: grouped ? 'Series' : 'Obs',
        type: grouped ? 'SeriesType' : 'ObsType',
        form: 'unqualified',
        minOccurs: 0,
        maxOccurs: 'unbounded',
      });
    },
    () => prohibit('REPORTING_YEAR_START_DAY'),
  );
  if (grouped) {
    restriction(
      'SeriesType',
      'ss:SeriesType',
      () => {
        w.leaf('xs:element', {
          name: 'Obs',
          type: 'ObsType',
          form: 'unqualified',
          minOccurs: 0,
          maxOccurs: 'unbounded',
        });
      },
      () => {
        if (!seriesDims.includes(TIME_DIMENSION)) prohibit(TIME_DIMENSION);
        prohibit('REPORTING_YEAR_START_DAY');
        for (const d of seriesDims) declare(d, 'required');
      },
    );
  }
  restriction(
    'ObsType',
    'ss:ObsType',
    () => undefined,
    () => {
      if (!obsDims.includes(TIME_DIMENSION)) prohibit(TIME_DIMENSION);
      prohibit('REPORTING_YEAR_START_DAY');
      for (const d of obsDims) declare(d, 'required');
      w.leaf('xs:attribute', { name: PRIMARY_MEASURE, type: 'xs:double', use: 'optional' });
      for (const a of flow.structure.attributes) declare(a.id, 'optional');
    },
  );
  w.close('xs:schema');
  return w.toString();
}
