// The explorer page: one view state, mirrored in the URL fragment, drives every section.
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  api,
  type Base,
  type Dataset,
  type Metric,
  type RegionCollection,
  type Series,
  type Snapshot,
  type TmEvent,
} from './api';
import { indicatorsOf, seriesAt } from './breakdown';
import { Catalog } from './catalog';
import { Changes } from './changes';
import { LANGS, translator, type Lang } from './i18n';
import { Embed } from './embed';
import { MapView } from './map-view';
import { SearchResults } from './search';
import { MAX_COMPARE, parseView, viewHash, type Tab, type View } from './view';

const LANG_NAMES: Record<Lang, string> = { kk: 'Қазақша', ru: 'Русский', en: 'English' };
const DEFAULT_METRIC = 'population';

function useView(): [View, (patch: Partial<View>) => void] {
  const [view, setView] = useState(() => parseView(location.hash));
  useEffect(() => {
    const onHash = () => setView(parseView(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  const update = (patch: Partial<View>) =>
    setView((v) => {
      const next = { ...v, ...patch };
      history.replaceState(null, '', viewHash(next));
      return next;
    });
  return [view, update];
}

export function App() {
  const [view, update] = useView();
  const t = useMemo(() => translator(view.lang), [view.lang]);
  const [base, setBase] = useState<Base | null>(null);
  const [series, setSeries] = useState<Series | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState(view.q ?? '');

  useEffect(() => {
    document.documentElement.lang = view.lang;
    document.title = t('title');
  }, [view.lang]);

  useEffect(() => {
    Promise.all([
      api.geo(),
      api.layers(),
      api.events(),
      api.catalog().catch(() => ({ datasets: [] as Dataset[] })),
    ]).then(
      ([geo, layers, events, catalog]) => {
        const sources = new Map<string, { title: string; url: string | null }>();
        const files = new Map<string, string>();
        for (const d of catalog.datasets) {
          const csv = d.distributions.find((x) => x.media_type === 'text/csv')?.url;
          for (const s of d.sources) {
            sources.set(s.id, { title: s.title, url: s.url });
            // the source's own family file, before a file that gathers every family
            if (csv && (!files.has(s.id) || d.sources.length === 1)) files.set(s.id, csv);
          }
        }
        // Daily event counts are not a regional indicator; every other metric of the store can be mapped.
        const metrics = layers.layers.flatMap((l) => l.metrics).filter((m) => m.layer !== 'events');
        setBase({ geo, metrics, events, sources, files });
      },
      (e: Error) => setError(e.message),
    );
  }, []);

  // The indicator chosen, and the series of its breakdown chosen: the metric every section shows.
  const indicators = useMemo(() => (base ? indicatorsOf(base.metrics) : []), [base]);
  const indicator = base
    ? (indicators.find((m) => m.id === view.metric) ??
      indicators.find((m) => m.id === DEFAULT_METRIC) ??
      indicators[0]!)
    : null;
  const metric = base && indicator ? seriesAt(base.metrics, indicator, view.dims) : null;

  // The series, the snapshot and the base files are asked for at once (one round trip to a first
  // view): before the metric list is known the wanted metric is the URL's or the default one.
  const wanted = metric
    ? { id: metric.indicator ?? metric.id, dims: metric.dimensions ?? {} }
    : { id: view.metric ?? DEFAULT_METRIC, dims: view.dims };
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => {
    api.series(wanted.id, wanted.dims).then(setSeries, (e: Error) => setError(e.message));
  }, [wantedKey]);

  // The slider's stops: the metric's own periods, each standing at the date its period ends.
  const stops = useMemo(() => {
    if (!series || series.metric.id !== metric?.id) return [];
    const ends = new Map<string, string>();
    for (const s of series.series) for (const p of s.points) ends.set(p.period, p.period_end);
    return [...ends.entries()]
      .map(([period, end]) => ({ period, end }))
      .sort((a, b) => a.end.localeCompare(b.end) || a.period.localeCompare(b.period));
  }, [series, metric?.id]);
  const stopIndex = stops.length
    ? Math.max(0, view.date ? stops.findLastIndex((s) => s.end <= view.date!) : stops.length - 1)
    : 0;
  // Without a date the snapshot is the release's latest one, which the last stop stands for.
  const date = view.date ?? stops[stops.length - 1]?.end ?? null;

  useEffect(() => {
    let live = true;
    api.snapshot(view.date).then(
      (s) => live && setSnapshot(s),
      (e: Error) => setError(e.message),
    );
    return () => void (live = false);
  }, [view.date]);

  const ready = Boolean(base && metric && snapshot && series);

  useEffect(() => {
    if (ready && !document.documentElement.dataset['ready']) {
      document.documentElement.dataset['ready'] = '1';
      performance.mark('dala-interactive');
    }
  }, [ready]);

  const regions = useMemo(
    () => new Map((base?.geo.features ?? []).map((f) => [f.properties.iso, f])),
    [base],
  );
  const tabs: [Tab, string][] = [
    ['map', t('tabMap')],
    ['changes', t('tabChanges')],
    ['catalog', t('tabCatalog')],
  ];
  const toggleCompare = (iso: string) =>
    update({
      compare: view.compare.includes(iso)
        ? view.compare.filter((c) => c !== iso)
        : [...view.compare, iso].slice(0, MAX_COMPARE),
    });
  // Two units can share a name (Almaty city and Almaty region): such names carry their kind.
  const nameOf = (iso: string) => {
    if (iso === 'KZ') return t('national');
    const f = regions.get(iso);
    if (!f) return iso;
    const name = f.properties[`name_${view.lang}`] || f.properties.name_en;
    const shared = [...regions.values()].some(
      (g) => g !== f && (g.properties[`name_${view.lang}`] || g.properties.name_en) === name,
    );
    return shared
      ? `${name} (${t(f.properties.kind === 'city' ? 'short_city' : 'short_region')})`
      : name;
  };

  if (location.pathname === '/embed') {
    return base && metric && snapshot && series?.metric.id === metric.id ? (
      <Embed
        view={view}
        t={t}
        base={base}
        metric={metric}
        series={series}
        snapshot={snapshot}
        regions={regions}
        nameOf={nameOf}
      />
    ) : (
      <p aria-busy="true">{error ? t('error', { detail: error }) : t('loading')}</p>
    );
  }

  return (
    <>
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('skip')}
      </a>
      <header>
        <div class="brand">
          <h1>{t('title')}</h1>
          <p class="tagline">{t('tagline')}</p>
        </div>
        <div class="langs" role="group" aria-label={t('language')}>
          {LANGS.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={view.lang === l}
              onClick={() => update({ lang: l })}
            >
              {LANG_NAMES[l]}
            </button>
          ))}
        </div>
        <form
          role="search"
          class="search"
          onSubmit={(e) => {
            e.preventDefault();
            const q = query.trim();
            update({ q: q || null });
          }}
        >
          <label for="q">{t('searchLabel')}</label>
          <div class="row">
            <input
              id="q"
              type="search"
              value={query}
              onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
              autoComplete="off"
            />
            <button type="submit">{t('searchButton')}</button>
          </div>
        </form>
      </header>
      {view.q && base && (
        <div class="results-wrap">
          <SearchResults
            q={view.q}
            lang={view.lang}
            t={t}
            regions={regions}
            compare={view.compare}
            onChoose={(iso) => update({ region: iso, q: null, tab: 'map' })}
            onCompare={(iso) =>
              update({
                compare: [...view.compare.filter((c) => c !== iso), iso].slice(0, MAX_COMPARE),
                q: null,
                tab: 'map',
              })
            }
          />
          <button type="button" onClick={() => update({ q: null })}>
            {t('close')}
          </button>
        </div>
      )}
      <nav aria-label={t('nav')}>
        <ul>
          {tabs.map(([id, label]) => (
            <li key={id}>
              <a
                href={viewHash({ ...view, tab: id })}
                aria-current={view.tab === id ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  update({ tab: id });
                }}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {error && (
          <p role="alert" class="error">
            {t('error', { detail: error })}
          </p>
        )}
        {view.tab === 'changes' && (
          <Changes
            lang={view.lang}
            t={t}
            release={view.release}
            onRelease={(r) => update({ release: r })}
          />
        )}
        {view.tab === 'catalog' && <Catalog lang={view.lang} t={t} />}
        {view.tab === 'map' &&
          (!base || !metric || !snapshot ? (
            <p aria-busy="true">{t('loading')}</p>
          ) : (
            <MapView
              view={view}
              update={update}
              t={t}
              base={base}
              indicators={indicators}
              indicator={indicator!}
              metric={metric}
              series={series}
              snapshot={snapshot}
              stops={stops}
              stopIndex={stopIndex}
              date={date}
              regions={regions}
              nameOf={nameOf}
              toggleCompare={toggleCompare}
            />
          ))}
      </main>
      <footer>
        <p>
          {snapshot && t('revision', { revision: snapshot.revision })} ·{' '}
          <a href="/api/v1/">{t('apiLinks')}</a>
        </p>
      </footer>
    </>
  );
}
