// The map's values as a table, Kazakhstan first and then one row per region: each value with its own
// unit, period, status and note (or why there is none); open a region's profile, or add a place to the
// comparison.
import { fmtDerived, fmtPeriod, fmtValue, statusLabel } from './format';
import type { Lang, T } from './i18n';
import type { ValuePoint } from './lines';
import { ReleaseNote } from './notes';
import { MAX_COMPARE } from './view';

interface Props {
  isos: string[]; // in the order shown, 'KZ' first
  points: Map<string, ValuePoint>;
  lang: Lang;
  t: T;
  caption: string;
  nameOf: (iso: string) => string;
  unitOf: (p: ValuePoint) => string;
  selected: string | null;
  compare: string[];
  onSelect: (iso: string) => void;
  onToggleCompare: (iso: string) => void;
}

export function ValuesTable(props: Props) {
  const { isos, points, lang, t, caption, nameOf, unitOf, selected, compare } = props;
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
            <th scope="col">{t('noteColumn')}</th>
            <th scope="col">{t('compareAdd')}</th>
          </tr>
        </thead>
        <tbody>
          {isos.map((iso) => {
            const p = points.get(iso);
            const on = compare.includes(iso);
            const note = p?.value === null && !p.withheld ? p.null_reason : null;
            return (
              <tr key={iso} data-iso={iso} class={iso === 'KZ' ? 'national' : undefined}>
                <th scope="row">
                  {iso === 'KZ' ? (
                    nameOf(iso)
                  ) : (
                    <button
                      type="button"
                      class="link"
                      aria-pressed={selected === iso}
                      onClick={() => props.onSelect(iso)}
                    >
                      {nameOf(iso)}
                    </button>
                  )}
                </th>
                <td class="value-cell">
                  {p && p.value !== null ? (
                    <>
                      <span class="v">
                        {p.derived ? fmtDerived(lang, p.value) : fmtValue(lang, p.value)}
                      </span>{' '}
                      <span class="u">{unitOf(p)}</span>
                    </>
                  ) : (
                    <span class="np">{p?.withheld ?? t('notPublished')}</span>
                  )}
                </td>
                <td>{p ? fmtPeriod(lang, p.period) : '—'}</td>
                <td>{p ? statusLabel(t, p.status) : '—'}</td>
                <td class="note-cell">
                  {p?.note && <ReleaseNote lang={lang} t={t} text={p.note} />}
                  {note && <ReleaseNote lang={lang} t={t} text={note} kind="reason" />}
                </td>
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
                    onClick={() => props.onToggleCompare(iso)}
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
