// A region's profile: the region analytics file, the chosen indicator's value with its period and
// source, its series chart, institutions, brief, primary sources and downloads.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  api,
  type LatestValue,
  type Metric,
  type Point,
  type RegionAnalytics,
  type Series,
  type TmEvent,
} from './api';
import { LineChart } from './chart';
import type { Shown } from './shown';
import { csvField, type CsvRow } from './csv';
import {
  fmtDate,
  fmtNumber,
  fmtPeriod,
  isMarked,
  metricName,
  nameIn,
  statusLabel,
  unitLabel,
} from './format';
import type { Lang, T } from './i18n';
import { fileStem } from './shown';
import { ViewTools } from './view-tools';

function regionCsv(a: RegionAnalytics): string {
  const head = [
    'region',
    'metric',
    'period',
    'period_start',
    'period_end',
    'value',
    'unit',
    'status',
    'null_reason',
    'source_id',
    'source_url',
  ];
  const rows = Object.entries(a.series).flatMap(([metric, pts]) =>
    pts.map((p) => [
      a.region.iso,
      metric,
      p.period,
      p.period_start,
      p.period_end,
      p.value,
      p.unit,
      p.status,
      p.null_reason,
      p.source?.id,
      p.source?.url,
    ]),
  );
  return [head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

type Pt = { period: string; period_end: string; value: number | null; status: string };
const periodSpan = (lang: Lang, pts: Pt[]) =>
  `${fmtPeriod(lang, pts[0]?.period ?? '')}–${fmtPeriod(lang, pts[pts.length - 1]?.period ?? '')}`;
const chartCredit = (t: T, lang: Lang, shown: Shown, pts: Pt[]) => [
  `${t('source')}: ${shown.source.title}`,
  `${t('period')}: ${periodSpan(lang, pts)} · ${shown.unitText}`,
  `${t('drawnFrom', { revision: shown.revision })} · ${new URL(shown.permalink, location.href).href}`,
];
const chartRows = (iso: string, name: string, pts: Pt[], shown: Shown): CsvRow[] =>
  pts.map((p) => ({
    place: iso,
    place_name: name,
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
  }));

interface Props {
  iso: string;
  slug: string;
  lang: Lang;
  t: T;
  metric: Metric | null;
  point: Point | null;
  sourceTitle: (id: string) => { title: string; url: string | null };
  series: Series | null;
  events: TmEvent[];
  metricLabel: (id: string) => string;
  compared: boolean;
  onCompare: () => void;
  shown: Shown;
  embedUrl: string;
  onClose: () => void;
}

export function RegionPanel({
  iso,
  slug,
  lang,
  t,
  metric,
  point,
  sourceTitle,
  series,
  events,
  metricLabel,
  compared,
  onCompare,
  shown,
  embedUrl,
  onClose,
}: Props) {
  const [data, setData] = useState<RegionAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    api.region(slug).then(setData, (e: Error) => setError(e.message));
  }, [slug]);
  useEffect(() => heading.current?.focus(), [iso, data === null]);
  const csvUrl = useMemo(
    () => (data ? URL.createObjectURL(new Blob([regionCsv(data)], { type: 'text/csv' })) : null),
    [data],
  );
  useEffect(() => () => void (csvUrl && URL.revokeObjectURL(csvUrl)), [csvUrl]);

  if (error)
    return (
      <section class="panel" aria-live="polite">
        <p role="alert">{t('error', { detail: error })}</p>
      </section>
    );
  if (!data)
    return (
      <section class="panel" aria-busy="true">
        <p>{t('loading')}</p>
      </section>
    );

  const r = data.region;
  const name = nameIn(lang, r.name);
  const own = (series?.series.find((s) => s.place === iso)?.points ?? []).map((p) => ({
    ...p,
    value: shown.value(iso, p.period, p.value),
  }));
  // Only the reforms that moved this region's own borders break its series (the analytics file lists them).
  const breaks = events.filter((e) => e.kind === 'reform' && data.border_changes.includes(e.id));
  const src = point ? sourceTitle(point.source_id) : null;
  const latest = Object.entries(data.latest).filter(
    (e): e is [string, LatestValue] => e[1] !== null,
  );
  const sources = [...new Map(latest.map(([, v]) => [v.source.url, v.source])).values()];
  const mName = metric ? metricName(lang, metric) : '';

  return (
    <section class="panel" aria-labelledby="region-heading" data-region={iso}>
      <div class="panel-head">
        <h2 id="region-heading" tabIndex={-1} ref={heading}>
          {name}
        </h2>
        <button type="button" class="close" onClick={onClose} aria-label={`${t('close')}: ${name}`}>
          ×
        </button>
      </div>
      <p class="kind">
        {t(r.kind === 'city' ? 'kind_city' : 'kind_region')} · {r.iso}
      </p>
      <button type="button" class="compare-toggle" aria-pressed={compared} onClick={onCompare}>
        {compared ? t('compareRemove', { place: name }) : t('compareAddNamed', { place: name })}
      </button>

      {metric && (
        <div class="current" data-testid="current-value">
          <h3>{mName}</h3>
          {point && point.value !== null ? (
            <p class="big">
              <span class="value">{fmtNumber(lang, point.value)}</span> {unitLabel(t, point.unit)}
              {isMarked(point.status) && (
                <span class={`badge ${point.status}`}>{statusLabel(t, point.status)}</span>
              )}
            </p>
          ) : (
            <p class="big np">
              {t('notPublished')} <small>{point?.null_reason ?? ''}</small>
            </p>
          )}
          <dl class="facts">
            <dt>{t('period')}</dt>
            <dd class="period">{point ? fmtPeriod(lang, point.period) : '—'}</dd>
            <dt>{t('source')}</dt>
            <dd class="source">
              {src?.url ? (
                <a href={src.url} rel="noopener" target="_blank">
                  {src.title}
                </a>
              ) : (
                (src?.title ?? '—')
              )}
            </dd>
          </dl>
          {own.length > 0 && (
            <figure ref={figure}>
              <figcaption>{t('chartTitle', { metric: mName, region: name })}</figcaption>
              <LineChart
                points={own}
                breaks={breaks}
                lang={lang}
                t={t}
                label={t('chartLabel', {
                  metric: mName,
                  region: name,
                  from: fmtPeriod(lang, own[0]!.period),
                  to: fmtPeriod(lang, own[own.length - 1]!.period),
                })}
              />
              <ul class="breaks">
                {breaks
                  .filter(
                    (b) =>
                      b.date >= own[0]!.period_start && b.date <= own[own.length - 1]!.period_end,
                  )
                  .map((b) => (
                    <li key={b.id}>
                      <strong>{t('seriesBreak')}</strong> {fmtDate(lang, b.date)}:{' '}
                      {b[`title_${lang}`] || b.title_en}
                    </li>
                  ))}
              </ul>
              <p class="hint">
                {t('breaksNote')} {t('gap')}.
              </p>
              <ViewTools
                t={t}
                id="region"
                name={`dala-${fileStem(shown)}-${iso}`}
                rows={chartRows(iso, name, own, shown)}
                chart={() => figure.current?.querySelector('svg') ?? null}
                credit={chartCredit(t, lang, shown, own)}
                embedUrl={embedUrl}
                revision={shown.revision}
                cite={t('citeText', {
                  revision: shown.revision,
                  metric: mName,
                  places: name,
                  period: periodSpan(lang, own),
                  source: shown.source.title,
                  url: new URL(shown.permalink, location.href).href,
                  accessed: new Date().toISOString().slice(0, 10),
                })}
                permalink={shown.permalink}
              />
            </figure>
          )}
        </div>
      )}

      <dl class="facts">
        <dt>{t('officialName')}</dt>
        <dd>{nameIn(lang, r.official_name)}</dd>
        {r.admin_centre && (
          <>
            <dt>{t('adminCentre')}</dt>
            <dd>{nameIn(lang, r.admin_centre)}</dd>
          </>
        )}
        <dt>{t('area')}</dt>
        <dd>
          {fmtNumber(lang, r.area_km2)} {t('km2')}
        </dd>
        <dt>{t('districts')}</dt>
        <dd>{r.district_count}</dd>
      </dl>

      <h3>{t('latest')}</h3>
      <div class="scroll-x" tabIndex={0} role="region" aria-label={t('latest')}>
        <table class="latest">
          <thead>
            <tr>
              <th scope="col">{t('indicator')}</th>
              <th scope="col">{t('value')}</th>
              <th scope="col">{t('period')}</th>
              <th scope="col">{t('source')}</th>
            </tr>
          </thead>
          <tbody>
            {latest.map(([id, v]) => (
              <tr key={id}>
                <th scope="row">{metricLabel(v.series)}</th>
                <td>
                  {v.value === null
                    ? t('notPublished')
                    : `${fmtNumber(lang, v.value)} ${unitLabel(t, v.unit)}`}
                  {isMarked(v.status) && (
                    <span class={`badge ${v.status}`}>{statusLabel(t, v.status)}</span>
                  )}
                </td>
                <td>{fmtPeriod(lang, v.period)}</td>
                <td>
                  <a href={v.source.url} rel="noopener" target="_blank">
                    {v.source.id}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>{t('institutions')}</h3>
      {data.institutions.length ? (
        <ul>
          {data.institutions.map((i) => (
            <li key={i.id}>
              {i.website ? (
                <a href={i.website} rel="noopener" target="_blank">
                  {nameIn(lang, i.name)}
                </a>
              ) : (
                nameIn(lang, i.name)
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noInstitutions')}</p>
      )}

      {data.districts.length > 0 && (
        <details>
          <summary>
            {t('districts')} ({data.districts.length})
          </summary>
          <ul class="cols">
            {data.districts.map((d) => (
              <li key={d.id}>{nameIn(lang, d.name)}</li>
            ))}
          </ul>
        </details>
      )}

      <h3>{t('primarySources')}</h3>
      <ul>
        {sources.map((s) => (
          <li key={s.url}>
            <a href={s.url} rel="noopener" target="_blank">
              {lang === 'en' ? s.title : sourceTitle(s.id).title}
            </a>
          </li>
        ))}
      </ul>

      <h3>{t('download')}</h3>
      <p class="downloads">
        <a class="button" href={r.links.brief} download>
          {t('brief')}
        </a>
        {csvUrl && (
          <a class="button" href={csvUrl} download={`${r.slug}.csv`}>
            {t('downloadCsv')}
          </a>
        )}
        <a class="button" href={r.links.analytics} download={`${r.slug}.json`}>
          {t('downloadJson')}
        </a>
        <a class="button" href={r.links.boundary} download={`${r.slug}.geojson`}>
          {t('boundary')}
        </a>
      </p>
    </section>
  );
}
