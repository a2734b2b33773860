// SDMX-JSON 1.0 data messages (sdmx-twg/sdmx-json v1.0, data-message/tools/schemas/1.0): `meta` (the
// header), `data.structure` (every component with the values this message uses, each value named in
// en, ru and kk) and `data.dataSets`, where a series or an observation is keyed by the positions of
// its values in those lists ("0:3:1"). Unlike the XML and CSV writers, a message names each value once
// and refers to it by index, so every observation is gathered before the message is written; the
// answer stays bounded by the data query's MAX_OBSERVATIONS.
import { LANGUAGES_ENGLISH_FIRST } from '../../lib/languages.js';
import type { Observation } from './data-query.js';
import {
  ALL_DIMENSIONS,
  attributesShown,
  dimensionIds,
  seriesOf,
  withObservations,
  type DataWriter,
  type Shape,
} from './data-shape.js';
import { urn, type MessageContext } from './namespaces.js';
import {
  AGENCY,
  PRIMARY_MEASURE,
  TIME_DIMENSION,
  type Names,
  type SdmxStructures,
} from './structures.js';

export const SDMX_JSON_SCHEMA =
  'https://raw.githubusercontent.com/sdmx-twg/sdmx-json/v1.0/data-message/tools/schemas/1.0/sdmx-json-data-schema.json';

interface ValueEntry {
  id?: string;
  name: string;
  names?: Names;
  start?: string;
  end?: string;
}

/** A component's values in first-seen order, each with its index in the message. */
class ValueIndex {
  readonly values: ValueEntry[] = [];
  private readonly at = new Map<string, number>();
  constructor(private readonly describe: (value: string, o: Observation) => ValueEntry) {}
  indexOf(value: string, o: Observation): number {
    let i = this.at.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.at.set(value, i);
      this.values.push(this.describe(value, o));
    }
    return i;
  }
}

/** `name` is the best-match text (English, the language every name has); `names` every language. */
const named = (id: string | undefined, list: Names | undefined, fallback: string): ValueEntry => ({
  ...(id === undefined ? {} : { id }),
  name: list?.en ?? fallback,
  ...(list ? { names: list } : {}),
});

const dateTime = (date: string, endOfDay: boolean) =>
  `${date}T${endOfDay ? '23:59:59' : '00:00:00'}Z`;

export function sdmxJsonWriter(
  shape: Shape,
  structures: SdmxStructures,
  ctx: MessageContext,
): DataWriter {
  const { flow } = shape;
  const dims = dimensionIds(flow);
  const attributes = shape.detail === 'dataonly' ? [] : flow.structure.attributes.map((a) => a.id);
  const conceptNames = new Map(structures.concepts.map((c) => [c.id, c.name]));
  const codelistOf = new Map<string, string>();
  for (const d of flow.structure.dimensions) codelistOf.set(d.id, d.codelist);
  for (const a of flow.structure.attributes) if (a.codelist) codelistOf.set(a.id, a.codelist);
  const codeNames = new Map(
    structures.codelists.map((l) => [l.id, new Map(l.codes.map((c) => [c.id, c.name]))]),
  );
  const codeEntry = (component: string) => (value: string, o: Observation) => {
    if (component === TIME_DIMENSION)
      return {
        id: value,
        name: value,
        start: dateTime(o.start, false),
        end: dateTime(o.end, true),
      };
    const list = codelistOf.get(component);
    // a free-text attribute (UNIT_MEASURE, COMMENT, PERIOD_LABEL) has no code: its text is its name
    if (!list) return { name: value };
    return named(value, codeNames.get(list)?.get(value), value);
  };
  const dimIndex = new Map(dims.map((d) => [d, new ValueIndex(codeEntry(d))]));
  const attrIndex = new Map(attributes.map((a) => [a, new ValueIndex(codeEntry(a))]));
  const all: Observation[] = [];

  const flat = shape.obsDimension === ALL_DIMENSIONS;
  const seriesDims = flat ? [] : dims.filter((d) => d !== shape.obsDimension);
  const obsDims = flat ? dims : [shape.obsDimension];
  const position = (d: string, o: Observation) => dimIndex.get(d)!.indexOf(o.key[d]!, o);
  // [value, then each attribute's index or null], as the schema's observation arrays
  const observationCells = (o: Observation): (number | null)[] => {
    const shown: Record<string, string> = attributesShown(shape.detail, o);
    return [
      o.value,
      ...attributes.map((a) =>
        shown[a] === undefined ? null : attrIndex.get(a)!.indexOf(shown[a], o),
      ),
    ];
  };

  function dataSet(): Record<string, unknown> {
    const links = [{ rel: 'dataflow', urn: urn('datastructure.Dataflow', flow.id) }];
    if (flat) {
      const observations: Record<string, (number | null)[]> = {};
      if (withObservations(shape.detail))
        for (const o of all)
          observations[dims.map((d) => position(d, o)).join(':')] = observationCells(o);
      return { action: 'Information', links, observations };
    }
    const series: Record<string, object> = {};
    for (const s of seriesOf(shape, all)) {
      const first = s.observations[0]!;
      const key = seriesDims.map((d) => position(d, first)).join(':');
      if (!withObservations(shape.detail)) {
        series[key] = {};
        continue;
      }
      const observations: Record<string, (number | null)[]> = {};
      for (const o of s.observations)
        observations[String(position(shape.obsDimension, o))] = observationCells(o);
      series[key] = { observations };
    }
    return { action: 'Information', links, series };
  }

  const component = (id: string, keyPosition?: number) => ({
    id,
    ...named(undefined, conceptNames.get(id), id),
    ...(keyPosition === undefined ? {} : { keyPosition }),
    ...(id === TIME_DIMENSION ? { roles: ['time'] } : {}),
  });

  function structure(): Record<string, unknown> {
    const dimension = (d: string) => ({
      ...component(d, dims.indexOf(d)),
      values: dimIndex.get(d)!.values,
    });
    return {
      links: [{ rel: 'dataflow', urn: urn('datastructure.Dataflow', flow.id) }],
      name: flow.name.en ?? flow.id,
      names: flow.name,
      dimensions: {
        dataSet: [],
        series: seriesDims.map(dimension),
        observation: obsDims.map(dimension),
      },
      attributes: {
        dataSet: [],
        series: [],
        observation: attributes.map((a) => ({
          ...component(a),
          relationship: { primaryMeasure: PRIMARY_MEASURE },
          values: attrIndex.get(a)!.values,
        })),
      },
    };
  }

  return {
    start: () => '',
    write(observations) {
      all.push(...observations);
      return '';
    },
    end() {
      // the data sets first: they assign each value its index, which the structure then lists
      const dataSets = [dataSet()];
      const message = {
        meta: {
          schema: SDMX_JSON_SCHEMA,
          id: ctx.id,
          test: false,
          prepared: ctx.prepared,
          contentLanguages: [...LANGUAGES_ENGLISH_FIRST],
          sender: { id: AGENCY, name: 'Dala' },
        },
        data: { structure: structure(), dataSets },
      };
      return JSON.stringify(message);
    },
  };
}
