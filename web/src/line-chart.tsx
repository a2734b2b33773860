// One indicator over time, one line per place or breakdown, drawn at the width it is shown at (so its
// text stays 12 px on a phone). Each line has a colour of the Okabe–Ito palette (palette.ts) AND its
// own marker and dash, over a dark casing; a value its publisher did not call final is a hollow
// marker; each line is broken at its own breaks (a border change, a census, a change of unit), which
// are drawn and labelled, and ends in a label with its name or last value. A tap, a hover or an arrow
// key picks a period (figure.tsx reads its values out as text). Presentation is written as SVG
// attributes, so a downloaded SVG or PNG looks the same as the screen.
import { line as d3line, symbol, symbolCircle, symbolCross, symbolDiamond } from 'd3-shape';
import { symbolSquare, symbolStar, symbolTriangle, symbolWye, symbolTimes } from 'd3-shape';
import { fmtTick, fmtValue, fmtDerived, fmtMonth } from './format';
import type { Lang, T } from './i18n';
import type { Line, ValuePoint } from './lines';
import { midpoint, offZero, time, timeTicks, valueScale } from './chart-scales';
import { CASING, colour } from './palette';

const SYMBOLS = [symbolCircle, symbolSquare, symbolTriangle, symbolDiamond, symbolCross];
SYMBOLS.push(symbolStar, symbolWye, symbolTimes);
const DASHES = ['', '6 3', '2 3', '10 3 2 3', '4 4', '1 2', '12 4', '6 2 1 2'];
export const marker = (i: number, size = 48) => symbol(SYMBOLS[i % SYMBOLS.length]!, size)() ?? '';
export const dash = (i: number) => DASHES[i % DASHES.length]!;

export const FONT = 'system-ui, sans-serif';
const INK = '#1b1f24';
const MUTED = '#555d66';
const BREAK = '#8a4b00';
const CHAR = 7.2; // average advance of a 12 px system-ui character, for laying out labels

export interface ChartProps {
  lines: Line[];
  style: (i: number) => number; // the palette slot of line i
  width: number;
  lang: Lang;
  t: T;
  label: string; // what the chart shows, for a screen reader
  unit: string; // the unit of the values, as a heading says it
  keep?: number; // a value the axis must show (100 for an index)
  active: string | null;
  onActive: (period: string | null) => void;
  className: string;
}

const fmt = (lang: Lang, p: ValuePoint) =>
  p.derived ? fmtDerived(lang, p.value!) : fmtValue(lang, p.value!);

export function LineChart(props: ChartProps) {
  const { lines, style, width: W, lang, t, label, unit, keep, active, onActive } = props;
  const valued = lines.flatMap((l) => l.points.filter((p) => p.value !== null));
  if (!valued.length) return null;
  const H = Math.round(Math.min(400, Math.max(220, W * (W < 520 ? 0.72 : 0.45))));
  const values = valued.map((p) => p.value!);
  const y0 = valueScale(values, [H - 28, 30], keep);
  const ticksY = y0.ticks(W < 400 ? 4 : 5);
  const step = ticksY.length > 1 ? ticksY[1]! - ticksY[0]! : 1;
  const left = 10 + Math.max(...ticksY.map((v) => fmtTick(lang, v, step).length)) * CHAR;
  const endLabels = lines.length <= 4 && W >= 280;
  // The right margin holds the labels up to 30% of the width; a longer label is shortened to fit.
  const room = Math.floor((W * 0.3 - 12) / CHAR);
  const ends = endLabels ? lines.map((l, i) => endLabel(l, i)) : [];
  const right = endLabels ? 12 + Math.max(...ends.map((e) => e.text.length)) * CHAR : 14;
  const lo = Math.min(...valued.map((p) => time(p.period_start)));
  const hi = Math.max(...valued.map((p) => time(p.period_end) + 86_400_000));
  const x = (v: number) => left + ((v - lo) / (hi - lo || 1)) * (W - left - right);
  const y = y0.range([H - 28, 30]);
  const ticksX = timeTicks(lo, hi, Math.max(2, Math.floor((W - left - right) / 64)));
  const periods = [...new Set(valued.map((p) => p.period))];
  const near = (px: number) => {
    let best: ValuePoint | null = null;
    for (const p of valued)
      if (!best || Math.abs(x(midpoint(p)) - px) < Math.abs(x(midpoint(best)) - px)) best = p;
    return best?.period ?? null;
  };
  const pick = (e: PointerEvent) => {
    const box = (e.currentTarget as SVGRectElement).ownerSVGElement!.getBoundingClientRect();
    onActive(near(((e.clientX - box.left) / box.width) * W));
  };
  const activeX = active ? valued.find((p) => p.period === active) : null;
  const breaks = new Map<number, string[]>();
  lines.forEach((l) =>
    l.breaks.forEach((b) => {
      if (b.at > lo && b.at < hi) breaks.set(b.at, [...(breaks.get(b.at) ?? []), l.name]);
    }),
  );

  function endLabel(l: Line, i: number) {
    const last = l.points.filter((p) => p.value !== null).at(-1);
    const text = lines.length === 1 && last ? fmt(lang, last) : l.name;
    return { i, last, text: text.length > room ? `${text.slice(0, room - 1)}…` : text };
  }
  // Line-end labels stacked apart where lines end close together.
  const placed = ends
    .filter((e) => e.last)
    .map((e) => ({ ...e, at: y(e.last!.value!) }))
    .sort((a, b) => a.at - b.at);
  for (let i = 1; i < placed.length; i++)
    placed[i]!.at = Math.max(placed[i]!.at, placed[i - 1]!.at + 14);

  return (
    <svg
      class={props.className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={label}
      font-family={FONT}
    >
      <rect width={W} height={H} fill="#ffffff" />
      <g aria-hidden="true" font-size="12" fill={MUTED} class="axis">
        <text x={4} y={14} fill={INK} class="axis-unit">
          {unit}
          {offZero(y) ? ` · ${t('axisFrom', { v: fmtTick(lang, y.domain()[0]!, step) })}` : ''}
        </text>
        {ticksY.map((v) => (
          <g key={v}>
            <line x1={left} x2={W - right} y1={y(v)} y2={y(v)} stroke="#e3e6ea" />
            <text x={left - 6} y={y(v) + 4} text-anchor="end">
              {fmtTick(lang, v, step)}
            </text>
          </g>
        ))}
        {ticksX.map((tk) => (
          <g key={tk.at}>
            <line x1={x(tk.at)} x2={x(tk.at)} y1={H - 28} y2={H - 23} stroke={MUTED} />
            <text x={x(tk.at)} y={H - 10} text-anchor="middle" class="tick-x">
              {tk.label.month ? fmtMonth(lang, tk.label.year, tk.label.month) : tk.label.year}
            </text>
          </g>
        ))}
      </g>
      {[...breaks].map(([at, names]) => (
        <g key={at} class="break" data-break={new Date(at).toISOString().slice(0, 10)}>
          <title>{`${t('seriesBreak')}: ${names.join(', ')}`}</title>
          <line x1={x(at)} x2={x(at)} y1={26} y2={H - 28} stroke={BREAK} stroke-dasharray="4 3" />
          <text x={x(at) + 3} y={26} font-size="11" fill={BREAK} aria-hidden="true">
            ┆ {t('breakShort')}
          </text>
        </g>
      ))}
      {activeX && (
        <line
          class="active"
          x1={x(midpoint(activeX))}
          x2={x(midpoint(activeX))}
          y1={26}
          y2={H - 28}
          stroke={INK}
          stroke-width="1"
        />
      )}
      {lines.map((l, i) => {
        const s = style(i);
        // One path per stretch between breaks: the line never runs across a break.
        const cuts = l.breaks.map((b) => b.at);
        const stretches = [-Infinity, ...cuts].map((from, k) =>
          l.points.filter(
            (p) => time(p.period_start) >= from && time(p.period_start) < (cuts[k] ?? Infinity),
          ),
        );
        const path = d3line<ValuePoint>()
          .defined((p) => p.value !== null)
          .x((p) => x(midpoint(p)))
          .y((p) => y(p.value ?? 0));
        const d = stretches.map((st) => path(st) ?? '').join('');
        return (
          <g
            key={l.key}
            class="place-line"
            data-iso={l.place}
            data-key={l.key}
            stroke={colour(s)}
            fill="none"
          >
            <path
              class="casing"
              d={d}
              stroke={CASING}
              stroke-width="4.25"
              stroke-dasharray={dash(s) || undefined}
            />
            <path
              class="line"
              d={d}
              stroke={colour(s)}
              stroke-width="2.25"
              stroke-dasharray={dash(s) || undefined}
            />
            {l.points.map((p) => {
              if (p.value === null) return null;
              const marked = p.status !== 'final';
              const on = p.period === active;
              return (
                <path
                  key={p.period}
                  class={marked ? 'dot marked' : 'dot'}
                  d={marker(s, marked || on ? 80 : periods.length > 120 ? 10 : 40)}
                  transform={`translate(${x(midpoint(p))},${y(p.value)})`}
                  fill={marked ? '#ffffff' : colour(s)}
                  stroke={marked ? colour(s) : CASING}
                  stroke-width={marked ? 2 : 1}
                >
                  <title>{`${l.name}, ${p.period}: ${fmt(lang, p)}`}</title>
                </path>
              );
            })}
          </g>
        );
      })}
      {placed.map((e) => (
        <text
          key={e.i}
          class="line-end"
          x={W - right + 6}
          y={e.at + 4}
          font-size="12"
          fill={INK}
          aria-hidden="true"
        >
          {e.text}
        </text>
      ))}
      <rect
        class="hit"
        x={left}
        y={20}
        width={W - left - right}
        height={H - 48}
        fill="transparent"
        onPointerDown={pick}
        onPointerMove={pick}
      />
    </svg>
  );
}
