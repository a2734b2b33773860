// The chart alone, for an iframe in someone else's page (served at /embed, which other sites may
// frame): the comparison chart when places are compared, else the map with its legend; the source,
// period and release printed with it, and a link back to the full view. The fragment names the release
// the snippet was made from; when the server has moved on, the chart says so rather than pass the new
// release's numbers off as the old ones.
import { useMemo } from 'preact/hooks';
import type { Base, Metric, Point, RegionFeature, Series, Snapshot } from './api';
import { Compare } from './compare';
import { fmtPeriod, isMarked, metricName } from './format';
import type { T } from './i18n';
import { ChoroplethMap, classify } from './map';
import { MapLegend } from './map-legend';
import { sourceIn, useShown } from './shown';
import { viewHash, type View } from './view';

interface Props {
  view: View;
  t: T;
  base: Base;
  metric: Metric;
  series: Series;
  snapshot: Snapshot;
  regions: Map<string, RegionFeature>;
  nameOf: (iso: string) => string;
}

export function Embed({ view, t, base, metric, series, snapshot, regions, nameOf }: Props) {
  const lang = view.lang;
  const sourceOf = sourceIn(lang, t, base.sources, base.metrics);
  const shown = useShown({
    metric,
    lang,
    t,
    revision: snapshot.revision,
    perCapita: view.perCapita,
    sourceOf,
    files: base.files,
    metricName: (m) => metricName(lang, m),
    populationMetric: base.metrics.find((m) => m.id === 'population'),
  });
  const points = useMemo(() => {
    const m = new Map<string, Point>();
    for (const p of snapshot.points)
      if (p.metric === metric.id && regions.has(p.place))
        m.set(p.place, {
          ...p,
          value: shown.value(p.place, p.period, p.value),
          unit: shown.unitText,
        });
    return m;
  }, [snapshot, metric.id, shown, regions]);
  const classes = useMemo(
    () => classify([...points.values()].flatMap((p) => (p.value === null ? [] : [p.value]))),
    [points],
  );
  const periods = [...new Set([...points.values()].map((p) => p.period))].sort();
  const periodText =
    periods
      .map((p) => fmtPeriod(lang, p))
      .filter((_, i, a) => i === 0 || i === a.length - 1)
      .join('–') || '—';
  const full = `${location.origin}/${viewHash({ ...view, rev: null })}`;
  return (
    <main class="embed" id="main">
      {view.rev && view.rev !== snapshot.revision && (
        <p class="hint stale" role="note">
          {t('embedStale', { pinned: view.rev, revision: snapshot.revision })}
        </p>
      )}
      {view.compare.length ? (
        <Compare
          places={view.compare}
          series={series}
          shown={shown}
          lang={lang}
          t={t}
          nameOf={nameOf}
          events={base.events}
          embedUrl={null}
          embedded
        />
      ) : (
        <>
          <ChoroplethMap
            geo={base.geo}
            points={points}
            classes={classes}
            lang={lang}
            t={t}
            label={t('mapLabel', { metric: shown.metricName, period: periodText })}
            nameOf={nameOf}
            selected={null}
            onSelect={() => undefined}
          />
          <MapLegend
            lang={lang}
            t={t}
            title={shown.metricName}
            unit={shown.unitText}
            classes={classes}
            anyMissing={[...regions.keys()].some((iso) => points.get(iso)?.value == null)}
            anyMarked={[...points.values()].some((p) => p.value !== null && isMarked(p.status))}
            manyPeriods={periods.length > 1}
            periodText={periodText}
            source={shown.source}
            note={shown.note}
          />
        </>
      )}
      <p class="embed-credit">
        <a href={full} target="_blank" rel="noopener">
          Dala
        </a>{' '}
        · {t('drawnFrom', { revision: snapshot.revision })}
      </p>
    </main>
  );
}
