// What a region's analytics file says about it beyond the indicator shown: its facts, its latest
// published values (each with its own unit, status and source, the source named in the reader's
// language), institutions, districts, primary sources and downloads.
import { useEffect, useMemo } from 'preact/hooks';
import type { LatestValue, RegionAnalytics } from './api';
import { csvField } from './csv';
import { fmtPeriod, fmtValue, isMarked, nameIn, statusLabel } from './format';
import type { Lang, T } from './i18n';
import { unitName } from '../../src/lib/units.js';

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
    'note',
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
      p.note,
      p.source?.id,
      p.source?.url,
    ]),
  );
  return [head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

interface Props {
  data: RegionAnalytics;
  lang: Lang;
  t: T;
  metricLabel: (id: string) => string;
  sourceTitle: (id: string, indicator?: string) => { title: string; url: string | null };
}

export function RegionProfile({ data, lang, t, metricLabel, sourceTitle }: Props) {
  const r = data.region;
  const csvUrl = useMemo(
    () => URL.createObjectURL(new Blob([regionCsv(data)], { type: 'text/csv' })),
    [data],
  );
  useEffect(() => () => URL.revokeObjectURL(csvUrl), [csvUrl]);
  const latest = Object.entries(data.latest).filter(
    (e): e is [string, LatestValue] => e[1] !== null,
  );
  const sources = [...new Map(latest.map(([, v]) => [v.source.id, v.source])).values()];
  return (
    <>
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
          {fmtValue(lang, r.area_km2)} {t('km2')}
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
                    : `${fmtValue(lang, v.value)}\u00a0${unitName(lang, v.unit, v.value)}`}
                  {isMarked(v.status) && (
                    <span class={`badge ${v.status}`}>{statusLabel(t, v.status)}</span>
                  )}
                </td>
                <td>{fmtPeriod(lang, v.period)}</td>
                <td>
                  <a href={v.source.url} rel="noopener" target="_blank">
                    {sourceTitle(v.source.id, v.series.split(';')[0]).title}
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
          <li key={s.id}>
            <a href={s.url} rel="noopener" target="_blank">
              {sourceTitle(s.id).title}
            </a>
          </li>
        ))}
      </ul>

      <h3>{t('download')}</h3>
      <p class="downloads">
        <a class="button" href={r.links.brief} download>
          {t('brief')}
        </a>
        <a class="button" href={csvUrl} download={`${r.slug}.csv`}>
          {t('downloadCsv')}
        </a>
        <a class="button" href={r.links.analytics} download={`${r.slug}.json`}>
          {t('downloadJson')}
        </a>
        <a class="button" href={r.links.boundary} download={`${r.slug}.geojson`}>
          {t('boundary')}
        </a>
      </p>
    </>
  );
}
