// One figure of the explorer (a region's series, the comparison, the national series): its controls,
// the chart drawn at the width it has or the same values as a table, the values of the period tapped,
// hovered or reached by the arrow keys read out as text with their status and notes, the breaks of each
// line listed, how the values were derived, and the figure's downloads, embed and citation.
import type { DimensionId } from '../../src/lib/dimensions.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ChartTable } from './chart-table';
import type { KeyItem } from './export-image';
import { asIndex, basePeriods, indexUnit, inRange, rangeStops, rowsOf } from './figure-data';
import { FigureControls } from './figure-controls';
import { fmtDate, fmtDerived, fmtPeriod, fmtSpan, fmtValue, isMarked, statusLabel } from './format';
import type { Lang, T } from './i18n';
import { LineChart } from './line-chart';
import type { Break, Line, ValuePoint } from './lines';
import type { BorderReform } from './api';
import { ReleaseNote } from './notes';
import { fileStem, unitText, type Shown } from './shown';
import { unitName } from '../../src/lib/units.js';
import { ViewTools } from './view-tools';
import type { View } from './view';

/** The width an element has on screen, kept up to date (a chart is drawn at it). */
function useWidth(): [number, (el: HTMLElement | null) => void] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [
    width,
    (el) => {
      observer.current?.disconnect();
      if (!el) return;
      observer.current = new ResizeObserver(([e]) => setWidth(Math.floor(e!.contentRect.width)));
      observer.current.observe(el);
    },
  ];
}

interface Props {
  id: string;
  lines: Line[];
  style?: (i: number) => number;
  className: string;
  lang: Lang;
  t: T;
  view: View;
  update: (patch: Partial<View>) => void;
  shown: Shown;
  title: string;
  places: string; // who the figure is about, as its citation names them
  splits: DimensionId[];
  embedUrl: string | null;
  embedded?: boolean;
}

export function Figure(props: Props) {
  const { id, lines, lang, t, view, update, shown, title, places } = props;
  const style = props.style ?? ((i: number) => (lines.length === 1 ? 4 : i));
  const [width, measure] = useWidth();
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const zoomed = inRange(lines, view.from, view.to);
  const bases = basePeriods(zoomed);
  const base = view.base && bases.includes(view.base) ? view.base : null;
  const drawn = base ? asIndex(zoomed, base) : zoomed;
  const valued = drawn.flatMap((l) => l.points.filter((p) => p.value !== null));
  valued.sort((a, b) => a.period_end.localeCompare(b.period_end));
  const span = fmtSpan(lang, valued[0]?.period, valued.at(-1)?.period);
  const unitOf = (p: ValuePoint) =>
    base && p.unit === indexUnit(base)
      ? t('indexUnitText', { base: fmtPeriod(lang, base) })
      : unitText(lang, t, p.unit, p.value ?? undefined);
  // Each unit the values are in, with the periods it covers (GRP: roubles 1990-1992, then tenge).
  const units = [...new Set(valued.map((p) => p.unit))].map((u) => {
    const own = valued.filter((p) => p.unit === u);
    const text = base ? t('indexUnitText', { base: fmtPeriod(lang, base) }) : unitText(lang, t, u);
    return valued.length === own.length
      ? text
      : `${text} (${fmtSpan(lang, own[0]!.period, own.at(-1)!.period)})`;
  });
  const unit = units.join('; ');
  // a reform the Bureau's borders show is named even before our record of it is reviewed, and says so
  const reformName = (e: BorderReform) => {
    const title = e[`title_${lang}`] || e.title_en;
    return e.review_status === 'reviewed' ? title : t('reformUnreviewed', { event: title });
  };
  const breakText = (l: Line, b: Break) => {
    const period = fmtPeriod(lang, b.after);
    const what =
      b.kind === 'unit'
        ? t('breakUnit', {
            period,
            from: unitName(lang, b.units![0]),
            to: unitName(lang, b.units![1]),
          })
        : b.kind === 'border' && b.event
          ? t('breakBorder', {
              period,
              date: fmtDate(lang, b.event.date),
              event: reformName(b.event),
            })
          : t('breakSeries', { period });
    return drawn.length > 1 ? `${l.name}: ${what}` : what;
  };
  const breaks = drawn.flatMap((l) => l.breaks.map((b) => ({ l, b, text: breakText(l, b) })));
  const notes = [
    ...breaks.map((x) => x.text),
    ...(shown.note ? [shown.note] : []),
    ...(base ? [t('indexNote', { base: fmtPeriod(lang, base) })] : []),
  ];
  const permalink = new URL(shown.permalink, location.href).href;
  const credit = [
    `${t('source')}: ${shown.source.title}`,
    `${t('period')}: ${span} · ${unit}`,
    `${t('drawnFrom', { revision: shown.revision })} · ${permalink}`,
  ];
  const key: KeyItem[] =
    drawn.length > 1 ? drawn.map((l, i) => ({ label: l.name, line: style(i) })) : [];
  const cite = t('citeText', {
    revision: shown.revision,
    metric: shown.metricName,
    places,
    period: span,
    source: shown.source.title,
    url: permalink,
    accessed: fmtDate(lang, new Date().toISOString().slice(0, 10)),
  });
  const reading = active ?? valued.at(-1)?.period ?? null;
  const at = drawn.map((l) => ({ l, p: l.points.find((p) => p.period === reading) }));
  const move = (step: number) => {
    const periods = [...new Set(valued.map((p) => p.period))];
    const i = periods.indexOf(reading ?? '');
    setActive(
      periods[Math.max(0, Math.min(periods.length - 1, (i < 0 ? periods.length : i) + step))] ??
        null,
    );
  };
  const fmt = (p: ValuePoint) =>
    p.derived ? fmtDerived(lang, p.value!) : fmtValue(lang, p.value!);

  return (
    <div class={`figure figure-${id}`} ref={box}>
      {!props.embedded && (
        <FigureControls
          id={id}
          lang={lang}
          t={t}
          view={view}
          update={update}
          stops={rangeStops(lines)}
          bases={bases}
          splits={props.splits}
        />
      )}
      <p class="figure-title">
        <strong>{title}</strong>
        <span class="figure-unit">, {unit}</span> <span class="figure-span">({span})</span>
      </p>
      {!props.embedded && (
        <button
          type="button"
          class="as-table"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {t('showTable')}
        </button>
      )}
      {asTable ? (
        <ChartTable
          id={id}
          lines={drawn}
          lang={lang}
          t={t}
          caption={`${title} (${unit})`}
          unit={unitOf}
        />
      ) : (
        <div
          class="chart-box"
          ref={measure}
          tabIndex={0}
          aria-label={t('chartKeys', { title })}
          aria-describedby={`${id}-readout`}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
              e.preventDefault();
              move(e.key === 'ArrowLeft' ? -1 : 1);
            } else if (e.key === 'Home' || e.key === 'End') {
              e.preventDefault();
              move(e.key === 'Home' ? -Infinity : Infinity);
            }
          }}
        >
          {width > 0 && (
            <LineChart
              lines={drawn}
              style={style}
              width={width}
              lang={lang}
              t={t}
              label={t('chartLabel', {
                metric: title,
                region: places,
                from: valued[0] ? fmtPeriod(lang, valued[0].period) : '',
                to: valued.at(-1) ? fmtPeriod(lang, valued.at(-1)!.period) : '',
              })}
              unit={unit}
              keep={base ? 100 : undefined}
              active={active}
              onActive={setActive}
              className={props.className}
            />
          )}
        </div>
      )}
      {!asTable && reading && (
        <div class="readout" id={`${id}-readout`} aria-live="polite">
          <strong>{fmtPeriod(lang, reading)}</strong>
          <ul>
            {at.map(({ l, p }) => (
              <li key={l.key}>
                {drawn.length > 1 && <span class="who">{l.name}: </span>}
                {!p ? (
                  <span class="np">—</span>
                ) : p.value === null ? (
                  <span class="np">{p.withheld ?? t('notPublished')}</span>
                ) : (
                  <span class="v">
                    {fmt(p)} {unitOf(p)}
                  </span>
                )}
                {p && isMarked(p.status) && p.published !== null && (
                  <span class={`badge ${p.status}`}>{statusLabel(t, p.status)}</span>
                )}
                {p?.value === null && !p.withheld && p.null_reason && (
                  <ReleaseNote lang={lang} t={t} text={p.null_reason} kind="reason" />
                )}
                {p?.note && <ReleaseNote lang={lang} t={t} text={p.note} />}
              </li>
            ))}
          </ul>
        </div>
      )}
      {breaks.length > 0 && (
        <ul class="breaks">
          {breaks.map((x, i) => (
            <li key={i}>{x.text}</li>
          ))}
        </ul>
      )}
      {shown.note && <p class="hint derivation">{shown.note}</p>}
      {base && <p class="hint derivation">{t('indexNote', { base: fmtPeriod(lang, base) })}</p>}
      {!props.embedded && (
        <ViewTools
          t={t}
          id={id}
          name={`dala-${fileStem(shown)}-${id}`}
          rows={rowsOf(
            drawn,
            shown,
            [shown.note, base ? t('indexNote', { base }) : null].filter(Boolean).join(' ') || null,
          )}
          chart={() => box.current?.querySelector('svg') ?? null}
          frame={{ title, subtitle: [places, unit], key, notes, credit }}
          embedUrl={props.embedUrl}
          revision={shown.revision}
          cite={cite}
          permalink={shown.permalink}
        />
      )}
    </div>
  );
}

/** The figure of one place's own series (a region's, or Kazakhstan's), titled with the place. */
export function PlaceFigure(
  props: Omit<Props, 'className' | 'title' | 'places'> & { place: string },
) {
  const title = props.t('chartTitle', { metric: props.shown.metricName, region: props.place });
  return <Figure {...props} className="chart" title={title} places={props.place} />;
}
