// Each statistical dataset (a dataset file under data/datasets/) as a JSON-stat 2.0 document,
// data/datasets/<id>.jsonstat.json, written at build time and sealed like every released file, so
// GET /api/v1/datasets/{id} sends its bytes (and their sealed gzip and br) and computes nothing: a
// dataset's JSON-stat built per request cost up to 321 ms of CPU, over the 50 ms every request may take.
//
// Why a collection of one dataset per indicator (JSON-stat 2.0 "collection" class, its datasets
// embedded in link.item) and not one dataset: a JSON-stat dataset is a dense cube over the product of
// its dimensions (JSON-stat 2.0 "value"), as Eurostat's API answers one dataset per query and PxWeb
// one per table, each over its own dimensions. A dataset's indicators have their own places, periods
// and breakdowns: one cube over all of them would be almost all nulls (sdg-platform: 104,898,024
// cells for 44,733 observations), while each indicator's own cube is dense (52,415 cells in all).
// Each item has the dimensions the observations' JSON-stat has (indicator as metric, with its unit;
// the indicator's breakdowns; place as geo; period as time), so a client reads both alike; JSON-stat
// readers (jsonstat-toolkit, pyjstat, rjstat) read a collection's embedded datasets.
import { compactStableJson } from '../../lib/canonical-json.js';
import {
  jsonStatCube,
  type JsonStatCollection,
  type StatObservation,
  jsonStatPathOf,
} from '../../lib/jsonstat-cube.js';
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { COUNTRY } from '../contracts/entities.js';
import { sourceOf } from '../contracts/header.js';
import { everySeriesOf } from '../contracts/indicators.js';
import { pointsOfSeries } from '../contracts/points.js';

/** An observation as the v1 observation view names it (src/serve/v1/observations.ts). */
const statObservation = (p: Point): StatObservation => ({
  indicator: `indicator:${p.metric.split(';')[0]}`,
  dimensions: { ...p.dimensions },
  place: `place:${p.place}`,
  period: p.period,
  period_start: p.period_start,
  value: p.value,
  null_reason: p.null_reason,
  status: p.status,
  note: p.note,
  unit: p.unit,
});

/** English names by canonical id, as the store's entities name them (src/publish/store/entities.ts). */
function namesOf(model: Model): Map<string, string> {
  return new Map<string, string>([
    [COUNTRY.id, COUNTRY.name.en],
    ...model.regions.map((r) => [r.id, r.name.en] as const),
    ...model.legacyPlaces.map((l) => [l.id, l.name.en] as const),
    ...model.districts.map((d) => [d.id, d.name.en] as const),
    ...model.indicators.map((i) => [`indicator:${i.id}`, i.name.en] as const),
  ]);
}

/**
 * publicUrl: the base of each document's `href` (JSON-stat 2.0 asks an absolute URI); without one
 * the documents name no URL.
 */
export function datasetJsonStat(model: Model, publicUrl: string | undefined): Artifact[] {
  const names = namesOf(model);
  const nameOf = (id: string) => names.get(id) ?? id;
  const tooLarge = (detail: string) => new Error(`JSON-stat of a dataset: ${detail}`);
  return model.datasets.flatMap((d) => {
    const path = jsonStatPathOf(d);
    const indicators = model.indicators.filter((i) => i.dataset === d.id);
    if (!path || indicators.length === 0) return [];
    const href = (id: string) =>
      publicUrl ? { href: `${publicUrl}/api/v1/datasets/${encodeURIComponent(id)}` } : {};
    const items = indicators.map((i) => {
      const points = everySeriesOf(model, i.id).flatMap((key) => pointsOfSeries(model, key));
      return jsonStatCube(
        points.map(statObservation),
        {
          label: i.name.en,
          source: sourceOf(model, i.source_id).title,
          updated: model.builtAt,
          nameOf,
          extension: { indicator: `indicator:${i.id}` },
        },
        tooLarge,
      );
    });
    const collection: JsonStatCollection = {
      version: '2.0',
      class: 'collection',
      label: d.title,
      ...href(`dataset:${d.id}`),
      source: d.source_ids.map((s) => sourceOf(model, s).title).join('; '),
      updated: model.builtAt,
      link: { item: items },
    };
    return [{ path, bytes: Buffer.from(compactStableJson(collection)) }];
  });
}
