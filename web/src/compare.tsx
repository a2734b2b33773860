// The comparison view: one indicator for the places chosen from the map, the table or search (at most
// eight), one colour, marker and dash per place with a legend, its rows as CSV, the chart as SVG/PNG,
// an embed snippet and how to cite it.
import { useRef } from 'preact/hooks';
import type { Series, TmEvent } from './api';
import { CompareChart, dash, marker, type Line } from './compare-chart';
import type { CsvRow } from './csv';
import { fmtPeriod } from './format';
import type { Lang, T } from './i18n';
import { fileStem, type Shown } from './shown';
import { CASING, colour } from './palette';
import { ViewTools } from './view-tools';
import { MAX_COMPARE } from './view';

interface Props {
  places: string[];
  series: Series;
  shown: Shown;
  lang: Lang;
  t: T;
  nameOf: (iso: string) => string;
  events: TmEvent[];
  embedUrl: string | null;
  embedded?: boolean;
  onRemove?: (iso: string) => void;
  onClear?: () => void;
  onAddNational?: () => void;
}

export function linesOf(
  places: string[],
  series: Series,
  shown: Shown,
  nameOf: (iso: string) => string,
): Line[] {
  return places.map((iso) => ({
    iso,
    name: nameOf(iso),
    points: (series.series.find((s) => s.place === iso)?.points ?? []).map((p) => ({
      ...p,
      value: shown.value(iso, p.period, p.value),
    })),
  }));
}

export function Compare({
  places,
  series,
  shown,
  lang,
  t,
  nameOf,
  events,
  embedUrl,
  embedded,
  onRemove,
  onClear,
  onAddNational,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const lines = linesOf(places, series, shown, nameOf);
  const periods = lines
    .flatMap((l) => l.points.filter((p) => p.value !== null).map((p) => p.period))
    .sort();
  const from = fmtPeriod(lang, periods[0] ?? '');
  const to = fmtPeriod(lang, periods[periods.length - 1] ?? '');
  const names = lines.map((l) => l.name).join(', ');
  const breaks = events.filter((e) => e.kind === 'reform');
  const credit = [
    `${t('source')}: ${shown.source.title}`,
    `${t('period')}: ${from}–${to} · ${shown.unitText}`,
    `${t('drawnFrom', { revision: shown.revision })} · ${new URL(shown.permalink, location.href).href}`,
  ];
  const rows: CsvRow[] = lines.flatMap((l) =>
    l.points.map((p) => ({
      place: l.iso,
      place_name: l.name,
      metric: shown.metricId,
      dimensions: shown.dimensions,
      period: p.period,
      period_end: p.period_end,
      value: p.value,
      unit: shown.unitCode,
      status: p.status,
      source_id: shown.source.id,
      source_title: shown.source.title,
      source_url: shown.source.url,
      note: shown.note,
      release: shown.revision,
    })),
  );
  const chart = (
    <CompareChart
      lines={lines}
      breaks={breaks}
      lang={lang}
      t={t}
      title={`${shown.metricName}, ${shown.unitText}`}
      label={t('compareLabel', { metric: shown.metricName, places: names, from, to })}
      credit={credit}
    />
  );
  if (embedded)
    return (
      <div class="compare embedded" ref={box}>
        {chart}
      </div>
    );
  const cite = t('citeText', {
    revision: shown.revision,
    metric: shown.metricName,
    places: names,
    period: `${from}–${to}`,
    source: shown.source.title,
    url: new URL(shown.permalink, location.href).href,
    accessed: new Date().toISOString().slice(0, 10),
  });
  return (
    <section class="compare" aria-labelledby="compare-heading">
      <div class="panel-head">
        <h2 id="compare-heading">
          {t('compareTitle')}: {shown.metricName}
        </h2>
        <button type="button" onClick={onClear}>
          {t('compareClear')}
        </button>
      </div>
      <p class="hint">{t('compareHint', { n: MAX_COMPARE })}</p>
      <ul class="compare-legend" aria-label={t('compareLegend')}>
        {lines.map((l, i) => (
          <li key={l.iso} data-iso={l.iso}>
            <svg width="34" height="14" viewBox="-17 -7 34 14" aria-hidden="true">
              <line
                x1="-16"
                x2="16"
                y1="0"
                y2="0"
                stroke={CASING}
                stroke-width="4.25"
                stroke-dasharray={dash(i) || undefined}
              />
              <line
                x1="-16"
                x2="16"
                y1="0"
                y2="0"
                stroke={colour(i)}
                stroke-width="2.25"
                stroke-dasharray={dash(i) || undefined}
              />
              <path d={marker(i)} fill={colour(i)} stroke={CASING} />
            </svg>
            <span class="place-name">{l.name}</span>
            <button
              type="button"
              class="remove"
              aria-label={t('compareRemove', { place: l.name })}
              onClick={() => onRemove?.(l.iso)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {!places.includes('KZ') && places.length < MAX_COMPARE && (
        <button type="button" class="add-national" onClick={onAddNational}>
          {t('compareNational')}
        </button>
      )}
      <div ref={box}>{chart}</div>
      {shown.note && <p class="hint derivation">{shown.note}</p>}
      <p class="hint">
        {t('breaksNote')} {t('gap')}.
      </p>
      <ViewTools
        t={t}
        id="compare"
        name={`dala-${fileStem(shown)}-compare`}
        rows={rows}
        chart={() => box.current?.querySelector('svg') ?? null}
        credit={credit}
        embedUrl={embedUrl}
        revision={shown.revision}
        cite={cite}
        permalink={shown.permalink}
      />
    </section>
  );
}
