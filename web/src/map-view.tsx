// The map tab: the controls; the choropleth with its key; Kazakhstan's value beside it; the region
// profile; the comparison; the values table with Kazakhstan first; downloads, embed and citation of
// the map. Every value comes from the series in hand (lines.ts pointsAt), so moving the date asks the
// server for nothing.
import type { DimensionId } from '../../src/lib/dimensions.js';
import { useMemo, useRef } from 'preact/hooks';
import type { Base, BorderReform, Metric, RegionFeature } from './api';
import { classesOf } from './classes';
import { Compare, linesFor } from './compare';
import type { CsvRow } from './csv';
import type { Drawn } from './data';
import { csvRow } from './figure-data';
import { fmtDate, fmtPeriod, fmtSpan, isMarked } from './format';
import type { T } from './i18n';
import { pointsAt, periodsOf, type ValuePoint } from './lines';
import { MapControls } from './map-controls';
import { MapLegend, mapKey } from './map-legend';
import { ChoroplethMap } from './map';
import { NationalPanel } from './national';
import type { PerCapita } from './per-capita';
import type { Topic } from './topics';
import { RegionPanel } from './region';
import { fileStem, unitText, type Shown } from './shown';
import { ValuesTable } from './values-table';
import { MAX_COMPARE, viewHash, type View } from './view';
import { ViewTools } from './view-tools';

interface Props {
  view: View;
  update: (patch: Partial<View>) => void;
  t: T;
  base: Base;
  indicators: Metric[];
  indicator: Metric; // the indicator chosen
  metric: Metric; // the series of its breakdown chosen
  perCapita: PerCapita;
  shown: Shown;
  drawn: Drawn;
  splits: DimensionId[];
  topicsOf: (m: Metric) => Topic[];
  sdgOf: (m: Metric) => string | null;
  regions: Map<string, RegionFeature>;
  nameOf: (iso: string) => string;
  sourceOf: (id: string, indicator?: string) => { title: string; url: string | null };
}

export function MapView(props: Props) {
  const { view, update, t, base, indicator, metric, shown, drawn, regions, nameOf } = props;
  const lang = view.lang;
  const mapBox = useRef<HTMLDivElement>(null);
  const periods = useMemo(() => periodsOf(drawn.main), [drawn.main]);
  const date = view.date ?? periods.at(-1)?.end ?? null;
  const points = useMemo(
    () =>
      date
        ? pointsAt(drawn.main, date, ['KZ', ...regions.keys()], shown.transform)
        : new Map<string, ValuePoint>(),
    [drawn.main, date, shown],
  );
  const regional = [...points].filter(([iso]) => iso !== 'KZ');
  const nationalOnly = !drawn.main.series.some((s) => regions.has(s.place));
  const classes = useMemo(() => classesOf(regional.map(([, p]) => p)), [points]);
  const unitOf = (p: ValuePoint) => unitText(lang, t, p.unit, p.value ?? undefined);
  const units = [...new Set(regional.map(([, p]) => p.unit))].map((u) => unitText(lang, t, u));
  const unit = units.join('; ') || unitText(lang, t, points.get('KZ')?.unit ?? metric.unit);
  const shownPeriods = [...new Set(regional.map(([, p]) => p.period))].sort();
  const periodText = fmtSpan(lang, shownPeriods[0], shownPeriods.at(-1));
  const selected = view.region && regions.has(view.region) ? view.region : null;
  const isos = [
    'KZ',
    ...[...regions.keys()].sort((a, b) => nameOf(a).localeCompare(nameOf(b), lang)),
  ];
  const reformsOf = (iso: string): BorderReform[] =>
    regions.get(iso)?.properties.border_changes ?? [];
  const lines = (places: string[]) => linesFor(places, drawn.sets, shown, nameOf, reformsOf);
  const national =
    linesFor(
      ['KZ'],
      [{ codes: {}, label: null, series: drawn.main }],
      shown,
      nameOf,
      reformsOf,
    )[0] ?? null;
  const toggleCompare = (iso: string) =>
    update({
      compare: view.compare.includes(iso)
        ? view.compare.filter((c) => c !== iso)
        : [...view.compare, iso].slice(0, MAX_COMPARE),
    });
  const rows: CsvRow[] = isos.flatMap((iso) => {
    const p = points.get(iso);
    return p ? [csvRow({ iso, name: nameOf(iso) }, p, shown, shown.note)] : [];
  });
  const permalink = new URL(shown.permalink, location.href).href;
  const legend = {
    lang,
    t,
    title: shown.metricName,
    unit,
    classes,
    anyMissing:
      (!nationalOnly && regional.length < regions.size) ||
      regional.some(([, p]) => p.value === null),
    anyMarked: regional.some(([, p]) => p.value !== null && isMarked(p.status)),
    manyPeriods: shownPeriods.length > 1,
    periodText,
    source: shown.source,
    note: shown.note,
  };
  const cite = t('citeText', {
    revision: shown.revision,
    metric: shown.metricName,
    places: t('regionTable'),
    period: periodText,
    source: shown.source.title,
    url: permalink,
    accessed: fmtDate(lang, new Date().toISOString().slice(0, 10)),
  });
  const embedUrl = (v: Partial<View>) =>
    `${location.origin}/embed${viewHash({ ...view, region: null, q: null, tab: 'map', ...v, rev: shown.revision })}`;

  return (
    <>
      <MapControls
        view={view}
        update={update}
        t={t}
        metrics={base.metrics}
        indicators={props.indicators}
        indicatorCount={base.indicatorCount}
        onLook={base.more}
        topicsOf={props.topicsOf}
        sdgOf={props.sdgOf}
        indicator={indicator}
        metric={metric}
        periods={periods}
        date={view.date}
        perCapita={props.perCapita}
      />
      {/* data-metric: the series whose values the map, key and table show, once they have arrived */}
      <div class="layout" data-metric={shown.metric.id}>
        <div class="map-col">
          <div ref={mapBox}>
            <ChoroplethMap
              geo={base.geo}
              points={points}
              classes={classes}
              nationalOnly={nationalOnly}
              lang={lang}
              t={t}
              label={t('mapLabel', { metric: shown.metricName, period: periodText })}
              nameOf={nameOf}
              unitOf={unitOf}
              selected={selected}
              onSelect={(iso) => update({ region: iso })}
            />
          </div>
          {!nationalOnly && <MapLegend {...legend} />}
        </div>
        <div class="side">
          <NationalPanel
            lang={lang}
            t={t}
            shown={shown}
            point={points.get('KZ') ?? null}
            line={national}
            nationalOnly={nationalOnly}
            compared={view.compare.includes('KZ')}
            onCompare={() => toggleCompare('KZ')}
            view={view}
            update={update}
            splits={props.splits}
            embedUrl={embedUrl({ compare: ['KZ'] })}
          />
          {selected && (
            <RegionPanel
              iso={selected}
              slug={regions.get(selected)!.properties.slug}
              lang={lang}
              t={t}
              shown={shown}
              point={points.get(selected) ?? null}
              lines={lines([selected])}
              view={view}
              update={update}
              splits={props.splits}
              compared={view.compare.includes(selected)}
              onCompare={() => toggleCompare(selected)}
              embedUrl={embedUrl({ compare: [selected] })}
              onClose={() => update({ region: null })}
              metricLabel={(id) => {
                const m = base.metrics.find((x) => x.id === id);
                return m ? m[`name_${lang}`] || m.name_en : id;
              }}
              sourceTitle={props.sourceOf}
            />
          )}
        </div>
      </div>
      {view.compare.length > 0 && (
        <Compare
          places={view.compare}
          lines={lines(view.compare)}
          shown={shown}
          lang={lang}
          t={t}
          view={view}
          update={update}
          splits={props.splits}
          embedUrl={embedUrl({})}
          nameOf={nameOf}
        />
      )}
      <ValuesTable
        isos={isos}
        points={points}
        lang={lang}
        t={t}
        caption={`${t('regionTable')}: ${shown.metricName}, ${fmtPeriod(lang, shownPeriods.at(-1) ?? '')}`}
        nameOf={nameOf}
        unitOf={unitOf}
        selected={selected}
        compare={view.compare}
        onSelect={(iso) => update({ region: iso })}
        onToggleCompare={toggleCompare}
      />
      <ViewTools
        t={t}
        id="map"
        name={`dala-${fileStem(shown)}-${shownPeriods.at(-1) ?? 'map'}`}
        rows={rows}
        chart={() => mapBox.current?.querySelector('svg') ?? null}
        frame={{
          title: shown.metricName,
          subtitle: [`${t('regionTable')}, ${periodText}`, unit],
          key: nationalOnly ? [] : mapKey(lang, t, legend),
          notes: shown.note ? [shown.note] : [],
          credit: [
            `${t('source')}: ${shown.source.title}`,
            `${t('period')}: ${periodText} · ${unit}`,
            `${t('drawnFrom', { revision: shown.revision })} · ${permalink}`,
          ],
        }}
        embedUrl={embedUrl({ compare: [] })}
        revision={shown.revision}
        cite={cite}
        permalink={shown.permalink}
      />
    </>
  );
}
