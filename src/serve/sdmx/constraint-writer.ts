// An Actual ContentConstraint of SDMX-ML 2.1 (SDMXStructureConstraint.xsd) stating a dataflow's data
// availability: attached to the dataflow, one cube region with a KeyValue per dimension (its codes,
// TIME_PERIOD as a time range) and the number of observations as the obs_count annotation.
import type { Availability } from './availability.js';
import { names, urn } from './namespaces.js';
import { AGENCY, TIME_DIMENSION, VERSION } from './structures.js';
import type { XmlWriter } from './xml.js';

export const constraintId = (flow: string) => `CC_${flow}`;

/** The constraint's name in en, ru and kk: the data available in its dataflow. */
export const constraintNames = (a: Availability) => ({
  en: `Data available in ${a.flow.name.en ?? a.flow.id}`,
  ru: `Имеющиеся данные: ${a.flow.name.ru ?? a.flow.id}`,
  kk: `Қолжетімді деректер: ${a.flow.name.kk ?? a.flow.id}`,
});

export function contentConstraint(w: XmlWriter, a: Availability): void {
  const id = constraintId(a.flow.id);
  w.wrap(
    'str:ContentConstraint',
    {
      id,
      urn: urn('registry.ContentConstraint', id),
      agencyID: AGENCY,
      version: VERSION,
      isFinal: 'true',
      type: 'Actual',
    },
    () => {
      w.wrap('com:Annotations', {}, () =>
        w.wrap('com:Annotation', { id: 'obs_count' }, () => {
          w.text('com:AnnotationTitle', String(a.observations));
          w.text('com:AnnotationType', 'sdmx_metrics');
        }),
      );
      names(w, 'com:Name', constraintNames(a));
      w.wrap('str:ConstraintAttachment', {}, () =>
        w.wrap('str:Dataflow', {}, () =>
          w.leaf('Ref', {
            id: a.flow.id,
            version: VERSION,
            agencyID: AGENCY,
            package: 'datastructure',
            class: 'Dataflow',
          }),
        ),
      );
      w.wrap('str:CubeRegion', { include: 'true' }, () => {
        for (const v of a.values)
          w.wrap('com:KeyValue', { id: v.id }, () => {
            for (const code of v.codes) w.text('com:Value', code);
          });
        if (a.time)
          w.wrap('com:KeyValue', { id: TIME_DIMENSION }, () =>
            w.wrap('com:TimeRange', {}, () => {
              w.text('com:StartPeriod', a.time!.start, { isInclusive: 'true' });
              w.text('com:EndPeriod', a.time!.end, { isInclusive: 'true' });
            }),
          );
      });
    },
  );
}
