// The indicators the explorer's map draws, the regions it draws them in and the labels of its key,
// read from the release's answers as the page reads them (web/src/data.ts, api.ts).
import type { RegionCollection, Series } from '../../web/src/api.js';
import { classesOf, classLabels } from '../../web/src/classes.js';
import { asPublished, periodsOf, pointsAt } from '../../web/src/lines.js';

interface Layers {
  layers: { id: string; metrics: { id: string; dimensions?: Record<string, string> }[] }[];
}

/**
 * Every series a reader can map without choosing a breakdown: each layer's metrics with no dimension,
 * except the events layer (counts of dated events per day are a timeline, not a map indicator).
 */
export function mapIndicators(layers: Layers): string[] {
  return layers.layers
    .filter((l) => l.id !== 'events')
    .flatMap((l) =>
      l.metrics.filter((m) => !Object.keys(m.dimensions ?? {}).length).map((m) => m.id),
    );
}

/** The ISO codes of the map's regions. */
export const regionsOf = (geo: RegionCollection): string[] =>
  geo.features.map((f) => f.properties.iso);

/** `n` of `ids` spread evenly over the list (its first and last among them). */
export function spread<T>(ids: T[], n: number): T[] {
  if (ids.length <= n) return ids;
  return Array.from({ length: n }, (_, i) => ids[Math.round((i * (ids.length - 1)) / (n - 1))]!);
}

/**
 * The labels of the map's colour key for a series as published, in English, made by the explorer's
 * own functions: the regions' points in force at the series' latest date (the map's default date),
 * their classes and the key's "from – to" texts; none when no region has a value.
 */
export function mapKeyLabels(series: Series, regions: string[]): string[] {
  const date = periodsOf(series).at(-1)?.end;
  const classes = date ? classesOf(pointsAt(series, date, regions, asPublished).values()) : null;
  return classes ? classLabels('en', classes) : [];
}
