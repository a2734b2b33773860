// Search across everything in kk, ru or en (/api/v1/search). When several places share the name
// (Алматы: the city and the region), the person is shown every candidate and chooses; nothing is
// chosen for them. An indicator found opens on the map.
import { useEffect, useState } from 'preact/hooks';
import { api, type Metric, type RegionFeature, type SearchHit } from './api';
import { nameIn } from './format';
import type { Lang, T } from './i18n';

interface Props {
  q: string;
  lang: Lang;
  t: T;
  regions: Map<string, RegionFeature>;
  metrics: Metric[];
  compare: string[];
  onChoose: (iso: string) => void;
  onCompare: (iso: string) => void;
  onIndicator: (id: string) => void; // open an indicator on the map
}

const regionOf = (id: string) => /^place:(KZ-\d{2})/.exec(id)?.[1] ?? null;

export function SearchResults(props: Props) {
  const { q, lang, t, regions, metrics, compare, onChoose, onCompare } = props;
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setHits(null);
    setError(null);
    api.search(q).then(
      (r) => setHits(r.data),
      (e: Error) => setError(e.message),
    );
  }, [q]);
  if (error) return <p role="alert">{t('error', { detail: error })}</p>;
  if (!hits) return <p aria-busy="true">{t('loading')}</p>;
  if (!hits.length) return <p role="status">{t('searchNone', { q })}</p>;

  const kindOf = (h: SearchHit) => {
    if (h.type === 'place')
      return regions.get(regionOf(h.id) ?? '')?.properties.kind === 'city'
        ? 'kind_city'
        : 'kind_region';
    return `kind_${h.type}`;
  };
  const norm = (s: string) => s.toLocaleLowerCase();
  const places = hits.filter((h) => h.type === 'place' || h.type === 'district');
  // Places that the name itself denotes (an exact or prefix match, e.g. "Алматы облысы"), not fuzzy neighbours.
  const homonyms = places.filter(
    (h) =>
      h.match?.type === 'exact' ||
      h.match?.type === 'prefix' ||
      [h.names.en, h.names.ru, h.names.kk].some((n) => n && norm(n) === norm(q)),
  );
  return (
    <div
      class="search-results"
      role="region"
      aria-label={t('searchResults', { n: hits.length, q })}
    >
      <p role="status">
        {homonyms.length > 1
          ? t('searchChoose', { n: homonyms.length, q })
          : t('searchResults', { n: hits.length, q })}
      </p>
      <ul>
        {hits.map((h) => {
          const iso = regionOf(h.id);
          // an indicator the map can show opens there; anything else opens as the API describes it
          const indicator =
            h.type === 'indicator' && metrics.some((m) => `indicator:${m.id}` === h.id)
              ? h.id.slice('indicator:'.length)
              : null;
          const parent = h.type === 'district' && iso ? regions.get(iso) : null;
          // a name the release has in English only is marked so, for a screen reader's voice
          const own = h.names[lang];
          const label = own ? own : <span lang="en">{nameIn(lang, h.names) || h.label}</span>;
          const kind = t(kindOf(h) as never);
          return (
            <li key={h.id} class={homonyms.includes(h) ? 'candidate' : ''} data-id={h.id}>
              {iso ? (
                <>
                  <button type="button" onClick={() => onChoose(iso)}>
                    {label}{' '}
                    <span class="muted">
                      ({kind}
                      {parent
                        ? `, ${t('inRegion', { region: parent.properties[`name_${lang}`] })}`
                        : ''}
                      )
                    </span>
                  </button>
                  {h.type === 'place' && !compare.includes(iso) && (
                    <button type="button" class="compare-add" onClick={() => onCompare(iso)}>
                      + {t('compareAdd')}
                      <span class="sr-only">: {label}</span>
                    </button>
                  )}
                </>
              ) : indicator ? (
                <button
                  type="button"
                  class="open-indicator"
                  onClick={() => props.onIndicator(indicator)}
                >
                  {label} <span class="muted">({kind})</span>
                  <span class="sr-only">: {t('openIndicator')}</span>
                </button>
              ) : (
                <span>
                  {label} <span class="muted">({kind})</span> <a href={h.href}>{t('openJson')}</a>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
