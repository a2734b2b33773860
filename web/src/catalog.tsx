// The dataset catalog: each dataset's freshness, licence and reuse terms. The catalog entry names its
// sources; the licence of each is read from the release's ecosystem contract (its inbound transfers).
// The release titles and describes its datasets in English only: in the kk and ru views a dataset is
// named by its indicators' own names (which the release has in all three languages) and its sources
// by publisher and indicator, and the English description and terms open on request.
import { useEffect, useState } from 'preact/hooks';
import { api, type Dataset, type Metric } from './api';
import { fmtDate, metricName } from './format';
import { maybe, type Lang, type T } from './i18n';
import { ReleaseNote } from './notes';

/** A licence named by its identifier alone (CC BY 4.0, MIT), the same in every language. */
const LICENCE_ID = /^[A-Z][A-Za-z]*(?: [A-Z][A-Za-z-]*)*(?: \d+(?:\.\d+)?)?$/;

interface Props {
  lang: Lang;
  t: T;
  metrics: Metric[];
  sourceOf: (id: string, indicator?: string) => { title: string; url: string | null };
}

export function Catalog({ lang, t, metrics, sourceOf }: Props) {
  const [data, setData] = useState<{ datasets: Dataset[]; licences: Map<string, string> } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([api.catalog(), api.ecosystem().catch(() => null)]).then(
      ([c, e]) => {
        const licences = new Map<string, string>();
        for (const i of e?.data_transfers.inbound ?? [])
          if (i.licence && !licences.has(i.id)) licences.set(i.id, i.licence);
        setData({ datasets: c.datasets, licences });
      },
      (err: Error) => setError(err.message),
    );
  }, []);
  if (error) return <p role="alert">{t('error', { detail: error })}</p>;
  if (!data) return <p aria-busy="true">{t('loading')}</p>;
  const titleOf = (d: Dataset) => {
    if (lang === 'en') return d.title;
    const names = (d.freshness.parts ?? []).flatMap((p) => {
      const m = metrics.find((x) => x.id === p.indicator);
      return m ? [metricName(lang, m)] : [];
    });
    return names.length ? names.join('; ') : d.title;
  };
  return (
    <section aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">{t('catalogTitle')}</h2>
      <ul class="catalog">
        {data.datasets.map((d) => {
          const licence = [
            ...new Set(d.sources.map((s) => data.licences.get(s.id)).filter(Boolean)),
          ].join('; ');
          const f = d.freshness;
          return (
            <li key={d.id} class="dataset" data-id={d.id}>
              <h3>{titleOf(d)}</h3>
              <ReleaseNote lang={lang} t={t} text={d.description} kind="description" />
              <dl class="facts">
                <dt>{t('freshness')}</dt>
                <dd>
                  <span class={`badge fresh-${f.status}`}>
                    {maybe(t, `fresh_${f.status}`, f.status)}
                  </span>{' '}
                  {f.as_of && t('asOf', { date: fmtDate(lang, f.as_of) })}
                  {f.age_days !== null &&
                    f.sla_days !== null &&
                    `, ${t('ageDays', { n: f.age_days, sla: f.sla_days })}`}
                </dd>
                <dt>{t('quality')}</dt>
                <dd>{maybe(t, `quality_${d.quality_status}`, d.quality_status)}</dd>
                <dt>{t('licence')}</dt>
                <dd class="licence">
                  {!licence ? (
                    '—'
                  ) : LICENCE_ID.test(licence) ? (
                    licence
                  ) : (
                    <ReleaseNote lang={lang} t={t} text={licence} kind="terms" />
                  )}
                </dd>
                <dt>{t('reuse')}</dt>
                <dd>
                  <ReleaseNote lang={lang} t={t} text={d.publication_limits} kind="terms" />
                </dd>
                <dt>{t('source')}</dt>
                <dd>
                  {d.sources.map((s, i) => (
                    <>
                      {i > 0 && '; '}
                      <a href={s.url} rel="noopener" target="_blank">
                        {lang === 'en' ? s.title : sourceOf(s.id).title}
                      </a>
                    </>
                  ))}
                </dd>
                <dt>{t('downloads')}</dt>
                <dd>
                  {d.distributions.map((x, i) => (
                    <>
                      {i > 0 && ' · '}
                      <a href={x.url}>{x.url.split('.').pop()?.toUpperCase()}</a>
                    </>
                  ))}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
