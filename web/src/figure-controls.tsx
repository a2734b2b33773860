// A figure's controls: the time range (from, to: years, or months for finer series, so a month of the
// daily rate can be read alone), change since a base period (an index, base = 100) and, for an indicator
// with dimensions, its codes side by side (men and women on one chart). Each choice lives in the URL
// fragment, so a copied link restores it; every figure of the view follows it.
import { DIMENSIONS, type DimensionId } from '../../src/lib/dimensions.js';
import type { RangeStop } from './figure-data';
import { fmtMonth, fmtPeriod } from './format';
import type { Lang, T } from './i18n';
import type { View } from './view';

interface Props {
  id: string;
  lang: Lang;
  t: T;
  view: View;
  update: (patch: Partial<View>) => void;
  stops: RangeStop[];
  bases: string[];
  splits: DimensionId[]; // the dimensions the indicator can be split by
}

const stopLabel = (lang: Lang, s: RangeStop) =>
  s.label.month ? fmtMonth(lang, s.label.year, s.label.month) : String(s.label.year);

export function FigureControls({ id, lang, t, view, update, stops, bases, splits }: Props) {
  if (stops.length < 2 && !splits.length) return null;
  const from = stops.find((s) => s.from === view.from) ?? null;
  const to = stops.find((s) => s.to === view.to) ?? null;
  return (
    <div class="figure-controls">
      {stops.length > 1 && (
        <fieldset class="range">
          <legend>{t('timeRange')}</legend>
          <label for={`${id}-from`}>{t('rangeFrom')}</label>
          <select
            id={`${id}-from`}
            class="range-from"
            value={from?.from ?? ''}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value || null;
              update({ from: v, to: view.to && v && view.to < v ? null : view.to, base: null });
            }}
          >
            <option value="">{t('rangeStart')}</option>
            {stops.map((s) => (
              <option key={s.from} value={s.from}>
                {stopLabel(lang, s)}
              </option>
            ))}
          </select>
          <label for={`${id}-to`}>{t('rangeTo')}</label>
          <select
            id={`${id}-to`}
            class="range-to"
            value={to?.to ?? ''}
            onChange={(e) =>
              update({ to: (e.target as HTMLSelectElement).value || null, base: null })
            }
          >
            <option value="">{t('rangeEnd')}</option>
            {stops
              .filter((s) => !view.from || s.to >= view.from)
              .map((s) => (
                <option key={s.to} value={s.to}>
                  {stopLabel(lang, s)}
                </option>
              ))}
          </select>
          {(view.from || view.to) && (
            <button
              type="button"
              class="range-reset"
              onClick={() => update({ from: null, to: null })}
            >
              {t('rangeAll')}
            </button>
          )}
        </fieldset>
      )}
      {bases.length > 1 && (
        <span class="index-base">
          <label for={`${id}-base`}>{t('indexSince')}</label>
          <select
            id={`${id}-base`}
            value={view.base && bases.includes(view.base) ? view.base : ''}
            onChange={(e) => update({ base: (e.target as HTMLSelectElement).value || null })}
          >
            <option value="">{t('indexOff')}</option>
            {bases.map((b) => (
              <option key={b} value={b}>
                {fmtPeriod(lang, b)}
              </option>
            ))}
          </select>
        </span>
      )}
      {splits.length > 0 && (
        <span class="split">
          <label for={`${id}-split`}>{t('splitBy')}</label>
          <select
            id={`${id}-split`}
            value={view.split ?? ''}
            onChange={(e) =>
              update({
                split: ((e.target as HTMLSelectElement).value || null) as DimensionId | null,
              })
            }
          >
            <option value="">{t('splitOff')}</option>
            {splits.map((d) => (
              <option key={d} value={d}>
                {DIMENSIONS[d].name[lang]}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
