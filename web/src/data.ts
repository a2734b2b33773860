// What the page reads from the server: once at start the map's regions (each with the reforms that
// moved its borders), the metrics and the dataset catalog (source titles and files); then the series of the indicator shown, one per
// breakdown drawn side by side. Every answer is cached for the life of the page (api.ts), so a step
// of the date slider or a return to an indicator asks for nothing again.
import { useEffect, useState } from 'preact/hooks';
import { DIMENSIONS, TOTAL_CODE, type DimensionId } from '../../src/lib/dimensions.js';
import { api, type Base, type Dataset, type Metric, type Series, type TopicEntry } from './api';
import { choose, dimensionsOf } from './breakdown';
import { indicatorsOf, metricsOf } from './indicator-choice';
import { POPULATION_METRIC } from './per-capita';
import type { SeriesSet } from './compare';
import type { Lang } from './i18n';

/**
 * The topics whose indicators the page lists at start: those of the indicator shown (the one the URL
 * names, or the default) and of the population, which per-person figures divide by. The rest (hundreds of the Bureau's and the SDG goals' indicators, most of
 * the list's bytes) are listed once the reader looks for another (Base.more), so the first load stays
 * light however many indicators the release holds. Undefined (every layer at once) where no topic
 * names the indicator, or every topic does.
 */
function startTopics(topics: TopicEntry[], shown: string): string[] | undefined {
  const ids = [`indicator:${shown}`, `indicator:${POPULATION_METRIC}`];
  const its = topics.filter((t) => ids.some((id) => t.indicators.includes(id))).map((t) => t.id);
  return its.length && its.length < topics.length ? its : undefined;
}

/** The page's start-up data; `shown` is the indicator the first view shows. */
export function useBase(shown: string, onError: (message: string) => void): Base | null {
  const [base, setBase] = useState<Base | null>(null);
  useEffect(() => {
    const topics = api.topics().then(
      (page) => page.data,
      () => [] as TopicEntry[],
    );
    const first = topics.then((all) => startTopics(all, shown));
    Promise.all([
      api.geo(),
      first.then((ids) => api.layers(ids)),
      api.catalog().catch(() => ({ datasets: [] as Dataset[] })),
      topics,
      first,
    ]).then(
      ([geo, layers, catalog, topics, ids]) => {
        const sources = new Map<string, { title: string; url: string | null }>();
        const files = new Map<string, string>();
        for (const d of catalog.datasets) {
          const csv = d.distributions.find((x) => x.media_type === 'text/csv')?.url;
          for (const s of d.sources) {
            sources.set(s.id, { title: s.title, url: s.url });
            // the source's own family file, before a file that gathers every family
            if (csv && (!files.has(s.id) || d.sources.length === 1)) files.set(s.id, csv);
          }
        }
        const metrics = metricsOf(layers);
        let asked = false;
        const more = () => {
          if (asked) return;
          asked = true;
          api.layers().then(
            (all) => {
              const every = metricsOf(all);
              const indicatorCount = indicatorsOf(every).length;
              setBase((b) => b && { ...b, metrics: every, indicatorCount, more: null });
            },
            (e: Error) => onError(e.message),
          );
        };
        const listed = new Set(topics.flatMap((t) => t.indicators));
        setBase({
          geo,
          metrics,
          sources,
          files,
          topics,
          indicatorCount: ids ? listed.size : indicatorsOf(metrics).length,
          more: ids ? more : null,
        });
      },
      (e: Error) => onError(e.message),
    );
  }, []);
  return base;
}

/** The dimensions an indicator's series can be drawn side by side by (codes other than the total). */
export const splitsOf = (metrics: Metric[], indicator: string): DimensionId[] =>
  dimensionsOf(metrics, indicator)
    .filter((d) => d.codes.some((c) => c !== TOTAL_CODE))
    .map((d) => d.id);

/** The series of the breakdown shown, and the series drawn: it alone, or one per code of `split`. */
export interface Drawn {
  main: Series;
  sets: SeriesSet[];
}

/**
 * The series shown, and with `split` one per code of that dimension, each at the breakdown nearest
 * the one chosen that is published (breakdown.ts `choose`).
 */
export function useSeries(
  metrics: Metric[] | null,
  shown: Metric | null,
  split: DimensionId | null,
  lang: Lang,
  onError: (message: string) => void,
): Drawn | null {
  const [drawn, setDrawn] = useState<{ key: string; value: Drawn } | null>(null);
  const indicator = shown?.indicator ?? shown?.id ?? null;
  const dims = shown?.dimensions ?? {};
  const codes =
    metrics && indicator && split
      ? (dimensionsOf(metrics, indicator)
          .find((d) => d.id === split)
          ?.codes.filter((c) => c !== TOTAL_CODE) ?? [])
      : [];
  const wanted = codes.flatMap((code) => {
    const at = choose(metrics!, indicator!, dims, split!, code);
    return at[split!] === code ? [{ code, dims: at }] : [];
  });
  const key = JSON.stringify([indicator, dims, wanted, lang]);
  useEffect(() => {
    if (!indicator) return;
    let live = true;
    Promise.all([
      api.series(indicator, dims),
      ...wanted.map((w) => api.series(indicator, w.dims)),
    ]).then(
      ([main, ...split_]) =>
        live &&
        setDrawn({
          key,
          value: {
            main: main!,
            sets: wanted.length
              ? split_.map((series, i) => ({
                  codes: { [split!]: wanted[i]!.code },
                  label: (DIMENSIONS[split!].codes as Record<string, Record<Lang, string>>)[
                    wanted[i]!.code
                  ]![lang],
                  series,
                }))
              : [{ codes: {}, label: null, series: main! }],
          },
        }),
      (e: Error) => onError(e.message),
    );
    return () => void (live = false);
  }, [key]);
  // the answer of an earlier choice stays on screen until this one arrives, unless it is another metric
  return drawn && drawn.value.main.metric.id === shown?.id ? drawn.value : null;
}
