// How an indicator's values are shown: as published, from the Bureau's own per-person series, or per
// 1,000 people where Dala may compute it (per-capita.ts), with the source in the reader's language and
// the derivation stated.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type Base, type Metric, type RegionFeature } from './api';
import { fmtValue, metricName } from './format';
import type { Lang, T } from './i18n';
import { asPublished, type Transform } from './lines';
import {
  bordersSince,
  inPresentBorders,
  POPULATION_METRIC,
  populationIndex,
  type PerCapita,
  type PopulationIndex,
} from './per-capita';
import { unitName } from '../../src/lib/units.js';

/**
 * The permalink a view is cited by: the release's sealed file the view's data belongs to (its
 * dataset's CSV), served at /r/{revision}/data/... with the same bytes as long as the server keeps the
 * release and 410 Gone after (never another release's numbers under that address).
 */
export const permalinkOf = (revision: string, file: string | undefined) =>
  `/r/${encodeURIComponent(revision)}${file?.startsWith('/data/') ? file : '/data/release-manifest.json'}`;

/** An indicator as the views show it: its values, source and citation. */
export interface Shown {
  metric: Metric; // the series whose values are shown
  metricId: string; // its indicator
  dimensions: Readonly<Record<string, string>>; // its breakdown's codes (empty: no dimensions)
  metricName: string;
  source: { id: string; title: string; url: string | null };
  revision: string;
  permalink: string;
  transform: Transform;
  note: string | null; // how the values shown were derived, when they are not the published ones
}

/** The unit code of a value Dala put per 1,000 people (the CSV writes it; unitText says it). */
export const per1000Unit = (base: string) => `${base} per 1000 people`;
const PER_1000 = / per 1000 people$/;

/** A unit code in the reader's language, agreeing with `n` when given: the release's, or Dala's. */
export function unitText(lang: Lang, t: T, unit: string, n?: number): string {
  if (PER_1000.test(unit))
    return t('per1000Unit', { unit: unitName(lang, unit.replace(PER_1000, '')) });
  return unitName(lang, unit, n);
}

interface Args {
  metric: Metric | null; // the series the view's data is read from (null while the page starts)
  perCapita: PerCapita; // what per person means for the indicator chosen
  computed: boolean; // per 1,000 people asked, and Dala computes it
  lang: Lang;
  t: T;
  revision: string;
  base: Base | null;
  sourceOf: (id: string, indicator?: string) => { title: string; url: string | null };
  nameOf: (iso: string) => string;
}

export function useShown({
  metric,
  perCapita,
  computed,
  lang,
  t,
  revision,
  base,
  sourceOf,
  nameOf,
}: Args): Shown | null {
  const [pop, setPop] = useState<PopulationIndex | null>(null);
  useEffect(() => {
    if (!computed || pop) return;
    api.series(POPULATION_METRIC).then(
      (s) => setPop(populationIndex(s)),
      () => setPop(new Map()),
    );
  }, [computed]);
  return useMemo(() => {
    if (!metric || !base) return null;
    const source = {
      id: metric.source_id,
      ...sourceOf(metric.source_id, metric.indicator ?? metric.id),
    };
    const shown = {
      metric,
      metricId: metric.indicator ?? metric.id,
      dimensions: metric.dimensions ?? {},
      metricName: metricName(lang, metric),
      source,
      revision,
      permalink: permalinkOf(revision, base.files.get(metric.source_id)),
    };
    if (perCapita?.kind === 'bureau' && perCapita.metric.id === metric.id)
      return {
        ...shown,
        transform: asPublished,
        note: t('bureauPerPerson', { metric: shown.metricName }),
      };
    if (!computed || !pop || perCapita?.kind !== 'computed')
      return { ...shown, transform: asPublished, note: null };
    const { scale, base: unit } = perCapita;
    const regions = new Map<string, RegionFeature>(
      base.geo.features.map((f) => [f.properties.iso, f]),
    );
    const since = new Map([...regions].map(([iso, f]) => [iso, bordersSince(f)]));
    const transform: Transform = (place, p) => {
      const out = { unit: per1000Unit(unit), derived: true, value: null, withheld: null };
      if (p.value === null) return out;
      if (!inPresentBorders(p.period_start, since.get(place) ?? null, p.note))
        return { ...out, withheld: t('withheldBorders') };
      const people = pop.get(`${place}|${p.period}`);
      if (people === undefined) return { ...out, withheld: t('withheldPopulation') };
      return { ...out, value: (p.value * scale * 1000) / people };
    };
    const moved = [...since]
      .filter(([, d]) => d !== null)
      .sort(([a], [b]) => nameOf(a).localeCompare(nameOf(b), lang))
      .map(([iso, d]) => t('fromYear', { place: nameOf(iso), year: d!.slice(0, 4) }));
    const population = base.metrics.find((m) => m.id === POPULATION_METRIC)!;
    return {
      ...shown,
      transform,
      note: [
        t('per1000Derivation', {
          scale: fmtValue(lang, scale),
          population: `${metricName(lang, population)} (${sourceOf(population.source_id, population.id).title})`,
        }),
        t('per1000Borders', { places: moved.join('; ') }),
      ].join(' '),
    };
  }, [metric, perCapita, computed, pop, lang, t, revision, base]);
}

/** A download's file name stem: the indicator and its breakdown (`life_expectancy-sex-F-area-R`). */
export const fileStem = (shown: Shown) =>
  [
    shown.metricId,
    ...Object.entries(shown.dimensions)
      .filter(([, c]) => c !== '_T')
      .flat(),
  ].join('-');
