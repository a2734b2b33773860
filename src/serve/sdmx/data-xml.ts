// SDMX-ML 2.1 data messages: structure-specific (SDMXDataStructureSpecific.xsd, the default) and
// generic (SDMXDataGeneric.xsd). A structure-specific data set is typed by the schema derived from
// the data structure for the observation dimension (xsi:type, namespace below; the schema itself is
// answered by the schema query, schema-writer.ts).
import type { Observation } from './data-query.js';
import {
  ALL_DIMENSIONS,
  attributesShown,
  seriesOf,
  valueText,
  withObservations,
  type DataWriter,
  type Shape,
} from './data-shape.js';
import { NS, headerStart, type MessageContext } from './namespaces.js';
import { AGENCY, VERSION } from './structures.js';
import { XmlWriter } from './xml.js';

/**
 * The id the header gives the structure, which the data set refers to (xs:ID/IDREF): the data
 * structure's own id, which clients take for it (rsdmx fetches datastructure/<structureRef> to read
 * a message with its structure).
 */
const structureId = (shape: Shape) => shape.flow.structure.id;

/** Namespace of the schema derived for a dataflow and observation dimension (SDMX 2.1 Technical Notes, structure-specific schemas). */
export const derivedNamespace = (flowId: string, obsDimension: string) =>
  `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=${AGENCY}:${flowId}(${VERSION}):ObsLevelDim:${obsDimension}`;

function header(w: XmlWriter, ctx: MessageContext, shape: Shape, structureSpecific: boolean): void {
  headerStart(w, ctx);
  const attributes = {
    structureID: structureId(shape),
    namespace: structureSpecific ? derivedNamespace(shape.flow.id, shape.obsDimension) : undefined,
    dimensionAtObservation: shape.obsDimension,
  };
  w.wrap('mes:Structure', attributes, () =>
    w.wrap('com:StructureUsage', {}, () =>
      w.leaf('Ref', { agencyID: AGENCY, id: shape.flow.id, version: VERSION }),
    ),
  );
  w.close('mes:Header');
}

/** A structure-specific data message (the default), written batch by batch. */
export function structureSpecificWriter(shape: Shape, ctx: MessageContext): DataWriter {
  const w = new XmlWriter();
  const obs = (o: Observation, keyAttributes: Record<string, string>) =>
    w.leaf('Obs', {
      ...keyAttributes,
      OBS_VALUE: o.value === null ? undefined : valueText(o.value),
      ...attributesShown(shape.detail, o),
    });
  return {
    start() {
      w.open('mes:StructureSpecificData', {
        'xmlns:mes': NS.mes,
        'xmlns:ss': NS.ss,
        'xmlns:com': NS.com,
        'xmlns:xsi': NS.xsi,
        'xmlns:ns1': derivedNamespace(shape.flow.id, shape.obsDimension),
      });
      header(w, ctx, shape, true);
      w.open('mes:DataSet', {
        'ss:structureRef': structureId(shape),
        'xsi:type': 'ns1:DataSetType',
        'ss:dataScope': 'DataStructure',
      });
      return w.take();
    },
    write(observations) {
      if (shape.obsDimension === ALL_DIMENSIONS) {
        if (withObservations(shape.detail)) for (const o of observations) obs(o, o.key);
        return w.take();
      }
      for (const s of seriesOf(shape, observations)) {
        const key = Object.fromEntries(s.key);
        if (!withObservations(shape.detail)) {
          w.leaf('Series', key);
          continue;
        }
        w.wrap('Series', key, () => {
          for (const o of s.observations)
            obs(o, { [shape.obsDimension]: o.key[shape.obsDimension]! });
        });
      }
      return w.take();
    },
    end() {
      w.close('mes:DataSet');
      w.close('mes:StructureSpecificData');
      return w.take();
    },
  };
}

function genericObs(w: XmlWriter, shape: Shape, o: Observation, key: () => void): void {
  w.wrap('gen:Obs', {}, () => {
    key();
    if (o.value !== null) w.leaf('gen:ObsValue', { value: valueText(o.value) });
    const attributes = Object.entries(attributesShown(shape.detail, o));
    if (attributes.length)
      w.wrap('gen:Attributes', {}, () => {
        for (const [id, value] of attributes) w.leaf('gen:Value', { id, value });
      });
  });
}

/** A generic data message, written batch by batch. */
export function genericWriter(shape: Shape, ctx: MessageContext): DataWriter {
  const w = new XmlWriter();
  const values = (element: string, pairs: [string, string][]) =>
    w.wrap(element, {}, () => {
      for (const [id, value] of pairs) w.leaf('gen:Value', { id, value });
    });
  return {
    start() {
      w.open('mes:GenericData', { 'xmlns:mes': NS.mes, 'xmlns:gen': NS.gen, 'xmlns:com': NS.com });
      header(w, ctx, shape, false);
      w.open('mes:DataSet', { structureRef: structureId(shape) });
      return w.take();
    },
    write(observations) {
      if (shape.obsDimension === ALL_DIMENSIONS) {
        if (withObservations(shape.detail))
          for (const o of observations)
            genericObs(w, shape, o, () => values('gen:ObsKey', Object.entries(o.key)));
        return w.take();
      }
      for (const s of seriesOf(shape, observations)) {
        w.wrap('gen:Series', {}, () => {
          values('gen:SeriesKey', s.key);
          if (!withObservations(shape.detail)) return;
          for (const o of s.observations)
            genericObs(w, shape, o, () =>
              w.leaf('gen:ObsDimension', { value: o.key[shape.obsDimension]! }),
            );
        });
      }
      return w.take();
    },
    end() {
      w.close('mes:DataSet');
      w.close('mes:GenericData');
      return w.take();
    },
  };
}
