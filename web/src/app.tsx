// The explorer: one view state, mirrored in the URL fragment, drives every section. It reads the
// page's start-up data and the series of the indicator shown (data.ts), decides how its values are
// shown (shown.ts), and hands them to the page or, at /embed, to the chart alone.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from './api';
import type { AppContext } from './context';
import { seriesAt } from './breakdown';
import { splitsOf, useBase, useSeries } from './data';
import { Embed } from './embed';
import { chooseIndicator, indicatorsOf } from './indicator-choice';
import { translator, type Key } from './i18n';
import { Page } from './page';
import { perCapitaOf } from './per-capita';
import { sourceIn } from './source-title';
import { useShown } from './shown';
import { parseView, viewHash, type View } from './view';

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
  const [error, setError] = useState<string | null>(null);
  const base = useBase(view.metric ?? DEFAULT_METRIC, setError);

  useEffect(() => {
    document.documentElement.lang = view.lang;
    document.title = t('title');
    // the page's static links to the data and the API (index.html, for a reader without script too)
    for (const el of document.querySelectorAll<HTMLElement>(
      '.api-links [data-t], .api-links[data-t]',
    )) {
      const text = t(el.dataset['t'] as Key);
      if (el.tagName === 'ASIDE') el.setAttribute('aria-label', text);
      else el.textContent = text;
    }
  }, [view.lang]);
  // The series the URL names is asked at once, with the start-up files (one round trip to a first
  // view); the answer waits in api.ts's cache for the metric list to say it is the one shown.
  useEffect(() => void api.series(view.metric ?? DEFAULT_METRIC, view.dims).catch(() => null), []);

  // The indicator chosen, the series of its breakdown, and the series whose values are shown (the
  // Bureau's own per-person series, where per person is asked and it has one).
  const indicators = useMemo(() => (base ? indicatorsOf(base.metrics) : []), [base]);
  // An indicator the page does not list yet (one of the SDG goals'), the catalog, search and a
  // region's profile (which name every indicator) ask for the rest of the list; the indicator waits
  // for it.
  const { indicator, missing } = base
    ? chooseIndicator(indicators, view.metric, DEFAULT_METRIC, !base.more)
    : { indicator: null, missing: null };
  const unlisted = Boolean(view.metric && !indicator);
  const wantsAll = unlisted || view.tab === 'catalog' || Boolean(view.q) || Boolean(view.region);
  useEffect(() => {
    if (wantsAll) base?.more?.();
  }, [wantsAll, base]);
  const metric = base && indicator ? seriesAt(base.metrics, indicator, view.dims) : null;
  const perCapita = base && metric ? perCapitaOf(metric, base.metrics) : null;
  const data = view.perCapita && perCapita?.kind === 'bureau' ? perCapita.metric : metric;
  const splits = base && indicator && data === metric ? splitsOf(base.metrics, indicator.id) : [];
  const drawn = useSeries(
    base?.metrics ?? null,
    data,
    splits.length ? view.split : null,
    view.lang,
    setError,
  );

  const regions = useMemo(
    () => new Map((base?.geo.features ?? []).map((f) => [f.properties.iso, f])),
    [base],
  );
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
  const sourceOf = useMemo(
    () =>
      base ? sourceIn(view.lang, t, base.sources, base.metrics) : () => ({ title: '', url: null }),
    [base, view.lang],
  );
  const shown = useShown({
    metric: data,
    perCapita,
    computed: view.perCapita && perCapita?.kind === 'computed',
    lang: view.lang,
    t,
    revision: drawn?.main.revision ?? '',
    base,
    sourceOf,
    nameOf,
  });
  const ready = Boolean(base && metric && drawn);

  useEffect(() => {
    if (ready && !document.documentElement.dataset['ready']) {
      document.documentElement.dataset['ready'] = '1';
      performance.mark('dala-interactive');
    }
  }, [ready]);

  const ctx: AppContext = {
    view,
    update,
    t,
    base,
    indicators,
    indicator,
    missing,
    metric,
    perCapita,
    shown,
    drawn,
    splits,
    regions,
    nameOf,
    sourceOf,
    error,
  };
  return location.pathname === '/embed' ? <Embed {...ctx} /> : <Page {...ctx} />;
}
