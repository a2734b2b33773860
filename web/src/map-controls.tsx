// The map's controls: the indicator, per 1,000 people (only for counts), and the date slider whose
// stops are the indicator's own periods.
import type { Metric } from './api';
import { BreakdownControls } from './breakdown';
import { fmtPeriod, metricName } from './format';
import type { T } from './i18n';
import type { View } from './view';

export interface Stop {
  period: string;
  end: string;
}

interface Props {
  view: View;
  update: (patch: Partial<View>) => void;
  t: T;
  metrics: Metric[]; // every series
  indicators: Metric[]; // the indicators offered
  indicator: Metric;
  metric: Metric; // the series of the breakdown chosen
  stops: Stop[];
  stopIndex: number;
  date: string | null;
  perCapitaOffered: boolean;
}

export function MapControls({
  view,
  update,
  t,
  metrics,
  indicators,
  indicator,
  metric,
  stops,
  stopIndex,
  date,
  perCapitaOffered,
}: Props) {
  const lang = view.lang;
  const stop = stops[stopIndex];
  return (
    <div class="controls">
      <label for="metric">{t('indicator')}</label>
      <select
        id="metric"
        value={indicator.id}
        onChange={(e) =>
          update({ metric: (e.target as HTMLSelectElement).value, dims: {}, date: null })
        }
      >
        {indicators.map((m) => (
          <option key={m.id} value={m.id}>
            {metricName(lang, m)}
          </option>
        ))}
      </select>
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
          {stop ? fmtPeriod(lang, stop.period) : '—'}
        </output>
      </label>
      <input
        id="date"
        type="range"
        min={0}
        max={Math.max(0, stops.length - 1)}
        step={1}
        value={stopIndex}
        aria-valuetext={stop ? `${fmtPeriod(lang, stop.period)} (${stop.end})` : ''}
        aria-describedby="date-help"
        disabled={!stops.length}
        onInput={(e) =>
          update({ date: stops[Number((e.target as HTMLInputElement).value)]?.end ?? null })
        }
      />
      <small id="date-help">
        {t('dateHelp')}
        {date ? `: ${date}` : ''}
      </small>
      {perCapitaOffered && (
        <label class="per-capita">
          <input
            id="per-capita"
            type="checkbox"
            checked={view.perCapita}
            onChange={(e) => update({ perCapita: (e.target as HTMLInputElement).checked })}
          />{' '}
          {t('per1000')}
        </label>
      )}
    </div>
  );
}
