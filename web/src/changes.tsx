// Compare two releases: /api/v1/changes between a release and the one before it, as a readable list.
// The answer's own note is in English: the kk and ru views say the same in their language.
import { useEffect, useState } from 'preact/hooks';
import { api, type Change, type Release } from './api';
import { fmtDate } from './format';
import type { Lang, T } from './i18n';

const PAGE = 100;

export function Changes({
  lang,
  t,
  release,
  onRelease,
}: {
  lang: Lang;
  t: T;
  release: string | null;
  onRelease: (r: string) => void;
}) {
  const [releases, setReleases] = useState<Release[] | null>(null);
  const [changes, setChanges] = useState<{ list: Change[]; note?: string } | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () =>
      void api.releases().then(
        (r) => setReleases(r.data),
        (e: Error) => setError(e.message),
      ),
    [],
  );
  const chosen = release ?? releases?.[0]?.revision ?? null;
  useEffect(() => {
    if (!chosen) return;
    setChanges(null);
    setShown(PAGE);
    api.changes(chosen).then(
      (r) => setChanges({ list: r.data, note: r.meta.note }),
      (e: Error) => setError(e.message),
    );
  }, [chosen]);
  if (error) return <p role="alert">{t('error', { detail: error })}</p>;
  if (!releases) return <p aria-busy="true">{t('loading')}</p>;
  const rel = releases.find((r) => r.revision === chosen);
  return (
    <section aria-labelledby="changes-heading">
      <h2 id="changes-heading">{t('changesTitle')}</h2>
      <label for="release-select">{t('release')}</label>{' '}
      <select
        id="release-select"
        value={chosen ?? ''}
        onChange={(e) => onRelease((e.target as HTMLSelectElement).value)}
      >
        {releases.map((r) => (
          <option key={r.revision} value={r.revision}>
            {r.revision} ({t('builtAt', { date: fmtDate(lang, r.built_at.slice(0, 10)) })})
          </option>
        ))}
      </select>
      <p class="hint">{t('compare')}</p>
      {!changes ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : !rel?.previous_revision ? (
        <p role="status" class="changes-note">
          {t('noPrevious')} {lang === 'en' && changes.note && <small>{changes.note}</small>}
        </p>
      ) : !changes.list.length ? (
        <p role="status">{t('noChanges')}</p>
      ) : (
        <>
          <p role="status">
            {t('changes', {
              n: changes.list.length,
              from: rel.previous_revision,
              to: rel.revision,
            })}
          </p>
          <ul class="changes">
            {changes.list.slice(0, shown).map((c) => (
              <li key={c.kind + c.key} class={c.change}>
                <span class={`badge ${c.change}`}>{t(`change_${c.change}`)}</span>{' '}
                {t(`changeKind_${c.kind}`)}: <code>{c.key}</code>
              </li>
            ))}
          </ul>
          {shown < changes.list.length && (
            <button type="button" onClick={() => setShown(shown + PAGE)}>
              {t('more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
