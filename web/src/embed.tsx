// The chart alone, for an iframe in someone else's page (served at /embed, which other sites may
// frame): the comparison when places are compared, else the map with its key; its title, source,
// period and release with it, and a link back to the full view. It is drawn at the frame's width and
// tells the page around it its height (postMessage, read by the snippet's script: view-tools.tsx), so
// nothing is cropped at any width. The fragment names the release the snippet was made from; when the
// server has moved on, the chart says so rather than pass the new release's numbers off as the old ones.
import { useEffect, useMemo } from 'preact/hooks';
import { classesOf } from './classes';
import { Compare, linesFor } from './compare';
import type { AppContext } from './context';
import { fmtSpan, isMarked } from './format';
import { pointsAt, periodsOf } from './lines';
import { ChoroplethMap } from './map';
import { MapLegend } from './map-legend';
import { unitText } from './shown';
import { viewHash } from './view';

/** Posts the page's height to the page framing it whenever it changes. */
function useReportedHeight() {
  useEffect(() => {
    document.querySelector('.api-links')?.remove();
    if (parent === window) return;
    const post = () =>
      parent.postMessage({ dala: 'height', height: document.documentElement.scrollHeight }, '*');
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
}

export function Embed(ctx: AppContext) {
  const { view, t, base, shown, drawn, regions, nameOf } = ctx;
  useReportedHeight();
  const lang = view.lang;
  const date = useMemo(
    () => (drawn ? (view.date ?? periodsOf(drawn.main).at(-1)?.end ?? null) : null),
    [drawn, view.date],
  );
  if (!base || !shown || !drawn)
    return <p aria-busy="true">{ctx.error ? t('error', { detail: ctx.error }) : t('loading')}</p>;
  const points = date ? pointsAt(drawn.main, date, regions.keys(), shown.transform) : new Map();
  const classes = classesOf(points.values());
  const periods = [...new Set([...points.values()].map((p) => p.period))].sort();
  const periodText = fmtSpan(lang, periods[0], periods.at(-1));
  const units = [...new Set([...points.values()].map((p) => p.unit))].map((u) =>
    unitText(lang, t, u),
  );
  const reformsOf = (iso: string) => regions.get(iso)?.properties.border_changes ?? [];
  const full = `${location.origin}/${viewHash({ ...view, rev: null })}`;
  const nationalOnly = !drawn.main.series.some((s) => regions.has(s.place));
  return (
    <main class="embed" id="main">
      {view.rev && view.rev !== shown.revision && (
        <p class="hint stale" role="note">
          {t('embedStale', { pinned: view.rev, revision: shown.revision })}
        </p>
      )}
      {ctx.missing && (
        <p class="hint missing-indicator" role="status">
          {t('indicatorMissing', { id: ctx.missing, name: shown.metricName })}
        </p>
      )}
      {view.compare.length ? (
        <Compare
          places={view.compare}
          lines={linesFor(view.compare, drawn.sets, shown, nameOf, reformsOf)}
          shown={shown}
          lang={lang}
          t={t}
          view={view}
          update={ctx.update}
          splits={[]}
          embedUrl={null}
          embedded
          nameOf={nameOf}
        />
      ) : (
        <>
          <h1 class="embed-title">
            {shown.metricName}, {periodText}
          </h1>
          <ChoroplethMap
            geo={base.geo}
            points={points}
            classes={classes}
            nationalOnly={nationalOnly}
            lang={lang}
            t={t}
            label={t('mapLabel', { metric: shown.metricName, period: periodText })}
            nameOf={nameOf}
            unitOf={(p) => unitText(lang, t, p.unit, p.value ?? undefined)}
            selected={null}
            onSelect={() => undefined}
          />
          <MapLegend
            lang={lang}
            t={t}
            title={shown.metricName}
            unit={units.join('; ')}
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
        {t('source')}: {shown.source.title} ·{' '}
        <a href={full} target="_blank" rel="noopener">
          Dala
        </a>{' '}
        · {t('drawnFrom', { revision: shown.revision })}
      </p>
    </main>
  );
}
