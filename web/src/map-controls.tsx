// The map's controls: the indicator (by topic, or found by typing), its breakdown, per person where
// that is honest, and the date. The slider's stops are the indicator's own periods, at most one a
// month (a daily rate has 1,400 fixings: a stop each would be under half a pixel), with a day field
// for any date.
import type { Metric } from './api';
import { BreakdownControls } from './breakdown';
import { fmtDate, fmtPeriod } from './format';
import type { T } from './i18n';
import { IndicatorPicker } from './picker';
import type { Topic } from './topics';
import type { PerCapita } from './per-capita';
import type { View } from './view';

export interface Stop {
  period: string;
  end: string;
}

/** The slider's stops: every period, or for a series finer than a month the last period of each month. */
export function sliderStops(periods: Stop[]): Stop[] {
  const byMonth = new Map<string, Stop>();
  const fine =
    periods.length > 1 && new Set(periods.map((p) => p.end.slice(0, 7))).size < periods.length;
  if (!fine) return periods;
  for (const p of periods) byMonth.set(p.end.slice(0, 7), p);
  return [...byMonth.values()];
}

interface Props {
  view: View;
  update: (patch: Partial<View>) => void;
  t: T;
  metrics: Metric[]; // every series
  indicators: Metric[]; // the indicators offered
  indicatorCount: number; // the release's, offered or not yet
  onLook: (() => void) | null; // asks for the indicators not offered yet
  topicsOf: (m: Metric) => Topic[];
  sdgOf: (m: Metric) => string | null;
  indicator: Metric;
  metric: Metric; // the series of the breakdown chosen
  periods: Stop[];
  date: string | null; // the date shown
  perCapita: PerCapita;
}

export function MapControls(props: Props) {
  const { view, update, t, metrics, indicators, indicator, metric, periods, date, perCapita } =
    props;
  const lang = view.lang;
  const stops = sliderStops(periods);
  const index = date
    ? Math.max(
        0,
        stops.findLastIndex((s) => s.end <= date),
      )
    : stops.length - 1;
  const stop = stops[index];
  const shownPeriod = date ? periods.findLast((s) => s.end <= date) : periods.at(-1);
  return (
    <div class="controls">
      <IndicatorPicker
        lang={lang}
        t={t}
        indicators={indicators}
        topicsOf={props.topicsOf}
        sdgOf={props.sdgOf}
        chosen={indicator}
        count={props.indicatorCount}
        onLook={props.onLook}
        onChoose={(id) => update({ metric: id, dims: {}, date: null, base: null, split: null })}
      />
      <BreakdownControls
        lang={lang}
        t={t}
        metrics={metrics}
        indicator={indicator}
        shown={metric}
        onChoose={(dims) => update({ dims })}
      />
      <label for="date">
        {t('date')}:{' '}
        <output for="date" class="date-out">
          {shownPeriod ? fmtPeriod(lang, shownPeriod.period) : '—'}
        </output>
      </label>
      <input
        id="date"
        type="range"
        min={0}
        max={Math.max(0, stops.length - 1)}
        step={1}
        value={index}
        aria-valuetext={stop ? fmtPeriod(lang, stop.period) : ''}
        aria-describedby="date-help"
        disabled={!stops.length}
        onInput={(e) =>
          update({ date: stops[Number((e.target as HTMLInputElement).value)]?.end ?? null })
        }
      />
      <small id="date-help">
        {date ? t('dateHelpOn', { date: fmtDate(lang, date) }) : t('dateHelp')}
      </small>
      {stops.length < periods.length && (
        <label class="date-exact">
          {t('dateExact')}{' '}
          <input
            id="date-exact"
            type="date"
            min={periods[0]?.end}
            max={periods.at(-1)?.end}
            value={date ?? periods.at(-1)?.end ?? ''}
            onChange={(e) => update({ date: (e.target as HTMLInputElement).value || null })}
          />
        </label>
      )}
      {perCapita && (
        <label class="per-capita">
          <input
            id="per-capita"
            type="checkbox"
            checked={view.perCapita}
            onChange={(e) => update({ perCapita: (e.target as HTMLInputElement).checked })}
          />{' '}
          {perCapita.kind === 'bureau' ? t('perPerson') : t('per1000')}
        </label>
      )}
    </div>
  );
}
