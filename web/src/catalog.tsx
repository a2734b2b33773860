// The dataset catalog: each dataset's freshness, licence and reuse terms. The catalog entry names its
// sources; the licence of each is read from the release's ecosystem contract (its inbound transfers).
import { useEffect, useState } from 'preact/hooks';
import { api, type Dataset } from './api';
import { fmtDate } from './format';
import { maybe, type Lang, type T } from './i18n';

export function Catalog({ lang, t }: { lang: Lang; t: T }) {
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
              <h3>{d.title}</h3>
              <p>{d.description}</p>
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
                <dd>{d.quality_status}</dd>
                <dt>{t('licence')}</dt>
                <dd class="licence">{licence || '—'}</dd>
                <dt>{t('reuse')}</dt>
                <dd>{d.publication_limits}</dd>
                <dt>{t('source')}</dt>
                <dd>
                  {d.sources.map((s, i) => (
                    <>
                      {i > 0 && '; '}
                      <a href={s.url} rel="noopener" target="_blank">
                        {s.title}
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
