// The map tab: indicator, per-capita choice and date slider; the choropleth with its legend; the
// region profile; the comparison chart; the values table; downloads, embed and citation of the map.
import { useMemo, useRef } from 'preact/hooks';
import type { Base, Metric, Point, RegionFeature, Series, Snapshot } from './api';
import { Compare } from './compare';
import type { CsvRow } from './csv';
import { fmtPeriod, isMarked, metricName } from './format';
import type { T } from './i18n';
import { MapControls, type Stop } from './map-controls';
import { MapLegend } from './map-legend';
import { ChoroplethMap, classify } from './map';
import { RegionPanel } from './region';
import { fileStem, sourceIn, useShown } from './shown';
import { ValuesTable } from './values-table';
import { viewHash, type View } from './view';
import { ViewTools } from './view-tools';

const REGION = /^KZ-\d{2}$/;

interface Props {
  view: View;
  update: (patch: Partial<View>) => void;
  t: T;
  base: Base;
  indicators: Metric[];
  indicator: Metric; // the indicator chosen
  metric: Metric; // the series of its breakdown chosen
  series: Series | null;
  snapshot: Snapshot;
  stops: Stop[];
  stopIndex: number;
  date: string | null;
  regions: Map<string, RegionFeature>;
  nameOf: (iso: string) => string;
  toggleCompare: (iso: string) => void;
}

export function MapView({
  view,
  update,
  t,
  base,
  indicators,
  indicator,
  metric,
  series,
  snapshot,
  stops,
  stopIndex,
  date,
  regions,
  nameOf,
  toggleCompare,
}: Props) {
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
  const mapBox = useRef<HTMLDivElement>(null);
  const points = useMemo(() => {
    const m = new Map<string, Point>();
    for (const p of snapshot.points)
      if (p.metric === metric.id && REGION.test(p.place))
        m.set(p.place, {
          ...p,
          value: shown.value(p.place, p.period, p.value),
          unit: shown.unitText,
        });
    return m;
  }, [snapshot, metric.id, shown]);
  const classes = useMemo(
    () => classify([...points.values()].flatMap((p) => (p.value === null ? [] : [p.value]))),
    [points],
  );
  const periods = [...new Set([...points.values()].map((p) => p.period))].sort();
  const periodText =
    periods.length <= 1
      ? periods[0]
        ? fmtPeriod(lang, periods[0])
        : '—'
      : `${fmtPeriod(lang, periods[0]!)}–${fmtPeriod(lang, periods[periods.length - 1]!)}`;
  const selected = view.region && regions.has(view.region) ? view.region : null;
  const isos = [...regions.keys()].sort((a, b) => nameOf(a).localeCompare(nameOf(b), lang));
  const mName = shown.metricName;
  const rows: CsvRow[] = isos.flatMap((iso) => {
    const p = points.get(iso);
    return p
      ? [
          {
            place: iso,
            place_name: nameOf(iso),
            metric: shown.metricId,
            dimensions: shown.dimensions,
            period: p.period,
            period_end: p.period_end,
            value: p.value,
            unit: shown.unitCode,
            status: p.status,
            source_id: p.source_id,
            source_title: sourceOf(p.source_id).title,
            source_url: sourceOf(p.source_id).url,
            note: shown.note,
            release: snapshot.revision,
          },
        ]
      : [];
  });
  const permalink = new URL(shown.permalink, location.href).href;
  const credit = [
    `${t('source')}: ${shown.source.title}`,
    `${t('period')}: ${periodText} · ${shown.unitText}`,
    `${t('drawnFrom', { revision: snapshot.revision })} · ${permalink}`,
  ];
  const cite = t('citeText', {
    revision: snapshot.revision,
    metric: mName,
    places: t('regionTable'),
    period: periodText,
    source: shown.source.title,
    url: permalink,
    accessed: new Date().toISOString().slice(0, 10),
  });
  const embedUrl = (v: Partial<View>) =>
    `${location.origin}/embed${viewHash({ ...view, region: null, q: null, tab: 'map', ...v, rev: snapshot.revision })}`;

  return (
    <>
      <MapControls
        view={view}
        update={update}
        t={t}
        metrics={base.metrics}
        indicators={indicators}
        indicator={indicator}
        metric={metric}
        stops={stops}
        stopIndex={stopIndex}
        date={date}
        perCapitaOffered={shown.offered}
      />
      <div class="layout">
        <div class="map-col">
          <div ref={mapBox}>
            <ChoroplethMap
              geo={base.geo}
              points={points}
              classes={classes}
              lang={lang}
              t={t}
              label={t('mapLabel', { metric: mName, period: periodText })}
              nameOf={nameOf}
              selected={selected}
              onSelect={(iso) => update({ region: iso })}
            />
          </div>
          <MapLegend
            lang={lang}
            t={t}
            title={mName}
            unit={shown.unitText}
            classes={classes}
            anyMissing={isos.some((iso) => points.get(iso)?.value == null)}
            anyMarked={[...points.values()].some((p) => p.value !== null && isMarked(p.status))}
            manyPeriods={periods.length > 1}
            periodText={periodText}
            source={shown.source}
            note={shown.note}
          />
        </div>
        {selected && (
          <RegionPanel
            iso={selected}
            slug={regions.get(selected)!.properties.slug}
            lang={lang}
            t={t}
            metric={metric}
            point={points.get(selected) ?? null}
            sourceTitle={sourceOf}
            series={series?.metric.id === metric.id ? series : null}
            events={base.events}
            metricLabel={(id) => {
              const m = base.metrics.find((x) => x.id === id);
              return m ? metricName(lang, m) : id;
            }}
            compared={view.compare.includes(selected)}
            onCompare={() => toggleCompare(selected)}
            shown={shown}
            embedUrl={embedUrl({ compare: [selected] })}
            onClose={() => update({ region: null })}
          />
        )}
      </div>
      {view.compare.length > 0 && series?.metric.id === metric.id && (
        <Compare
          places={view.compare}
          series={series}
          shown={shown}
          lang={lang}
          t={t}
          nameOf={nameOf}
          events={base.events}
          embedUrl={embedUrl({})}
          onRemove={(iso) => update({ compare: view.compare.filter((c) => c !== iso) })}
          onClear={() => update({ compare: [] })}
          onAddNational={() => toggleCompare('KZ')}
        />
      )}
      <ValuesTable
        isos={isos}
        points={points}
        lang={lang}
        t={t}
        caption={`${t('regionTable')} (${mName}, ${shown.unitText})`}
        nameOf={nameOf}
        selected={selected}
        compare={view.compare}
        onSelect={(iso) => update({ region: iso })}
        onToggleCompare={toggleCompare}
      />
      <ViewTools
        t={t}
        id="map"
        name={`dala-${fileStem(shown)}-${periods[periods.length - 1] ?? 'map'}`}
        rows={rows}
        chart={() => mapBox.current?.querySelector('svg') ?? null}
        credit={credit}
        embedUrl={embedUrl({ compare: [] })}
        revision={snapshot.revision}
        cite={cite}
        permalink={shown.permalink}
      />
    </>
  );
}
