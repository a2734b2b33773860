// The page around the views: header (languages, search, a link to copy), the search results, the
// tabs, the map view or the changes or catalog, and the footer.
import { useState } from 'preact/hooks';
import { Catalog } from './catalog';
import { Changes } from './changes';
import type { AppContext } from './context';
import { LANGS, type Lang } from './i18n';
import { MapView } from './map-view';
import { SearchResults } from './search';
import { sdgOf, topicsOf } from './topics';
import { MAX_COMPARE, viewHash, type Tab } from './view';
import { CopyLink } from './view-tools';

const LANG_NAMES: Record<Lang, string> = { kk: 'Қазақша', ru: 'Русский', en: 'English' };

export function Page(ctx: AppContext) {
  const { view, update, t, base, shown, drawn, regions, error } = ctx;
  const [query, setQuery] = useState(view.q ?? '');
  const tabs: [Tab, string][] = [
    ['map', t('tabMap')],
    ['changes', t('tabChanges')],
    ['catalog', t('tabCatalog')],
  ];
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
            update({ q: query.trim() || null });
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
        <CopyLink t={t} id="page" />
      </header>
      {view.q && base && (
        <div class="results-wrap">
          <SearchResults
            q={view.q}
            lang={view.lang}
            t={t}
            regions={regions}
            metrics={base.metrics}
            compare={view.compare}
            onChoose={(iso) => update({ region: iso, q: null, tab: 'map' })}
            onCompare={(iso) =>
              update({
                compare: [...view.compare.filter((c) => c !== iso), iso].slice(0, MAX_COMPARE),
                q: null,
                tab: 'map',
              })
            }
            onIndicator={(id) =>
              update({
                metric: id,
                dims: {},
                date: null,
                base: null,
                split: null,
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
        {view.tab === 'catalog' && base && (
          <Catalog lang={view.lang} t={t} metrics={base.metrics} sourceOf={ctx.sourceOf} />
        )}
        {view.tab === 'map' && ctx.missing && shown && (
          <p role="status" class="hint missing-indicator">
            {t('indicatorMissing', { id: ctx.missing, name: shown.metricName })}
          </p>
        )}
        {view.tab === 'map' &&
          (!base || !ctx.indicator || !ctx.metric || !shown || !drawn ? (
            <p aria-busy="true">{t('loading')}</p>
          ) : (
            <MapView
              view={view}
              update={update}
              t={t}
              base={base}
              indicators={ctx.indicators}
              indicator={ctx.indicator}
              metric={ctx.metric}
              perCapita={ctx.perCapita}
              shown={shown}
              drawn={drawn}
              splits={ctx.splits}
              topicsOf={topicsOf(t, view.lang, base.topics)}
              sdgOf={sdgOf(base.topics)}
              regions={regions}
              nameOf={ctx.nameOf}
              sourceOf={ctx.sourceOf}
            />
          ))}
      </main>
      <footer>
        <p>
          {shown && t('revision', { revision: shown.revision })} ·{' '}
          <a href="/api/v1/">{t('apiLinks')}</a>
        </p>
      </footer>
    </>
  );
}
