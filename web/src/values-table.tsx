// The map's values as a table, one row per region: open its profile, or add it to the comparison.
import type { Point } from './api';
import { fmtNumber, fmtPeriod, statusLabel } from './format';
import type { Lang, T } from './i18n';
import { MAX_COMPARE } from './view';

interface Props {
  isos: string[]; // in the order shown
  points: Map<string, Point>;
  lang: Lang;
  t: T;
  caption: string;
  nameOf: (iso: string) => string;
  selected: string | null;
  compare: string[];
  onSelect: (iso: string) => void;
  onToggleCompare: (iso: string) => void;
}

export function ValuesTable({
  isos,
  points,
  lang,
  t,
  caption,
  nameOf,
  selected,
  compare,
  onSelect,
  onToggleCompare,
}: Props) {
  const full = compare.length >= MAX_COMPARE;
  return (
    <div class="scroll-x" tabIndex={0} role="region" aria-label={t('regionTable')}>
      <table class="values">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('region')}</th>
            <th scope="col">{t('value')}</th>
            <th scope="col">{t('period')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('compareAdd')}</th>
          </tr>
        </thead>
        <tbody>
          {isos.map((iso) => {
            const p = points.get(iso);
            const on = compare.includes(iso);
            return (
              <tr key={iso} data-iso={iso}>
                <th scope="row">
                  <button
                    type="button"
                    class="link"
                    aria-pressed={selected === iso}
                    onClick={() => onSelect(iso)}
                  >
                    {nameOf(iso)}
                  </button>
                </th>
                <td>
                  {p && p.value !== null ? (
                    fmtNumber(lang, p.value)
                  ) : (
                    <span class="np">{t('notPublished')}</span>
                  )}
                </td>
                <td>{p ? fmtPeriod(lang, p.period) : '—'}</td>
                <td>{p ? statusLabel(t, p.status) : '—'}</td>
                <td>
                  <button
                    type="button"
                    class="compare-toggle"
                    aria-pressed={on}
                    disabled={!on && full}
                    title={!on && full ? t('compareFull', { n: MAX_COMPARE }) : undefined}
                    aria-label={
                      on
                        ? t('compareRemove', { place: nameOf(iso) })
                        : t('compareAddNamed', { place: nameOf(iso) })
                    }
                    onClick={() => onToggleCompare(iso)}
                  >
                    {on ? '✓' : '+'}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
