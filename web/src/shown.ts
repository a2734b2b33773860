// How an indicator's values are shown: as published, or per 1,000 people where that is honest (see
// per-capita.ts), with the unit in the reader's language and the derivation stated.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type Metric } from './api';
import { fmtNumber, metricName as metricNameIn, unitLabel } from './format';
import type { Lang, T } from './i18n';
import {
  perCapitaBasis,
  perThousand,
  POPULATION_METRIC,
  populationIndex,
  type PopulationIndex,
} from './per-capita';

/**
 * The permalink a view is cited by: the release's sealed file the view's data belongs to (its
 * dataset's CSV), served at /r/{revision}/data/... with the same bytes as long as the server keeps the
 * release and 410 Gone after (never another release's numbers under that address).
 */
export const permalinkOf = (revision: string, file: string | undefined) =>
  `/r/${encodeURIComponent(revision)}${file?.startsWith('/data/') ? file : '/data/release-manifest.json'}`;

/** An indicator as the views show it: its values, unit, source and citation. */
export interface Shown {
  metricId: string; // the indicator
  dimensions: Readonly<Record<string, string>>; // its breakdown's codes (empty: an indicator without dimensions)
  metricName: string;
  unitCode: string; // the unit as the CSV writes it
  unitText: string; // the unit in the reader's language
  source: { id: string; title: string; url: string | null };
  revision: string;
  permalink: string;
  /** The value as shown (per 1,000 people or as published). */
  value: (place: string, period: string, v: number | null) => number | null;
  note: string | null; // how a shown value was derived, when Dala derived it
}

interface Args {
  metric: Metric;
  lang: Lang;
  t: T;
  revision: string;
  perCapita: boolean;
  sourceOf: (id: string) => { title: string; url: string | null };
  files: Map<string, string>; // source id -> its file in /data/
  metricName: (m: Metric) => string;
  populationMetric: Metric | undefined;
}

export function useShown({
  metric,
  lang,
  t,
  revision,
  perCapita,
  sourceOf,
  files,
  metricName,
  populationMetric,
}: Args): Shown & { offered: boolean } {
  const basis = perCapitaBasis(metric);
  const wanted = perCapita && basis !== null && populationMetric !== undefined;
  const [pop, setPop] = useState<PopulationIndex | null>(null);
  useEffect(() => {
    if (!wanted || pop) return;
    api.series(POPULATION_METRIC).then(
      (s) => setPop(populationIndex(s)),
      () => setPop(new Map()),
    );
  }, [wanted]);
  return useMemo(() => {
    const source = { id: metric.source_id, ...sourceOf(metric.source_id) };
    // A breakdown is its indicator at some dimension codes: the CSV names both, one column per dimension.
    const base = {
      metricId: metric.indicator ?? metric.id,
      dimensions: metric.dimensions ?? {},
      metricName: metricName(metric),
      source,
      revision,
      permalink: permalinkOf(revision, files.get(metric.source_id)),
      offered: basis !== null && populationMetric !== undefined,
    };
    if (!wanted || !pop || !basis)
      return {
        ...base,
        unitCode: metric.unit,
        unitText: unitLabel(t, metric.unit),
        value: (_p: string, _q: string, v: number | null) => v,
        note: null,
      };
    const popSource = sourceOf(populationMetric!.source_id).title;
    return {
      ...base,
      unitCode: `${basis.base} per 1000 people`,
      unitText: t('per1000Unit', { unit: unitLabel(t, basis.base) }),
      value: (place: string, period: string, v: number | null) =>
        perThousand(v, basis.scale, place, period, pop),
      note: t('per1000Derivation', {
        scale: fmtNumber(lang, basis.scale),
        population: `${metricName(populationMetric!)} (${popSource})`,
      }),
    };
  }, [metric, lang, t, revision, wanted, pop, basis, populationMetric]);
}

/**
 * A source's title in the reader's language. The Bureau's files carry English titles only; in kk and
 * ru the source is named as the Bureau and the indicator's own name in that language (the link still
 * leads to the publisher's page, and the English edition keeps the publisher's own title).
 */
export function sourceIn(
  lang: Lang,
  t: T,
  sources: Map<string, { title: string; url: string | null }>,
  metrics: Metric[],
) {
  return (id: string): { title: string; url: string | null } => {
    const s = sources.get(id) ?? { title: id, url: null };
    const m = metrics.find((x) => x.source_id === id);
    if (lang === 'en' || !id.startsWith('bns-') || !m) return s;
    return { ...s, title: `${t('bureau')}: ${metricNameIn(lang, m)}, ${t('byRegion')}` };
  };
}

/** A download's file name stem: the indicator and its breakdown (`life_expectancy-sex-F-area-R`). */
export const fileStem = (shown: Shown) =>
  [
    shown.metricId,
    ...Object.entries(shown.dimensions)
      .filter(([, c]) => c !== '_T')
      .flat(),
  ].join('-');
