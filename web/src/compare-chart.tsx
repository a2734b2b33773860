// One indicator for up to eight places on one line chart. Each place has a colour of the Okabe–Ito
// palette (palette.ts: told apart under the common colour-vision deficiencies, drawn over a dark
// casing for contrast) AND its own marker shape and dash pattern, so lines stay distinct in grey print too.
// Presentation is written as SVG attributes, not CSS classes, so a downloaded SVG or PNG looks the
// same as the screen; the source, period and release revision are printed inside the picture.
import { scaleLinear } from 'd3-scale';
import {
  line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  symbolTimes,
} from 'd3-shape';
import type { TmEvent } from './api';
import { fmtNumber } from './format';
import type { Lang, T } from './i18n';
import { CASING, colour } from './palette';

const SYMBOLS = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolDiamond,
  symbolCross,
  symbolStar,
  symbolWye,
  symbolTimes,
];
const DASHES = ['', '6 3', '2 3', '10 3 2 3', '4 4', '1 2', '12 4', '6 2 1 2'];

export interface Line {
  iso: string;
  name: string;
  points: { period: string; period_end: string; value: number | null; status: string }[];
}

export const marker = (i: number, size = 48) => symbol(SYMBOLS[i % SYMBOLS.length]!, size)() ?? '';
export const dash = (i: number) => DASHES[i % DASHES.length]!;

const W = 720;
const H = 340;
const M = { top: 20, right: 16, bottom: 62, left: 72 };
const time = (iso: string) => Date.parse(iso + 'T00:00:00Z');
const FONT = 'system-ui, sans-serif';

interface Props {
  lines: Line[];
  breaks: TmEvent[];
  lang: Lang;
  t: T;
  title: string;
  label: string;
  credit: string[]; // printed at the foot of the picture: source, period, release
  width?: number;
}

export function CompareChart({ lines, breaks, lang, t, title, label, credit }: Props) {
  const all = lines.flatMap((l) => l.points);
  const values = all.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (!values.length) return null;
  const xs = all.map((p) => time(p.period_end));
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  const x = scaleLinear()
    .domain([lo, hi === lo ? lo + 1 : hi])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(...values, 0) || 1])
    .nice()
    .range([H - M.bottom, M.top + 12]);
  const shown = breaks.filter((b) => time(b.date) >= lo && time(b.date) <= hi);
  const years = [...new Set(x.ticks(8).map((v) => new Date(v).getUTCFullYear()))];
  const path = line<Line['points'][number]>()
    .defined((p) => p.value !== null)
    .x((p) => x(time(p.period_end)))
    .y((p) => y(p.value ?? 0));
  return (
    <svg
      class="compare-chart"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      font-family={FONT}
    >
      <rect width={W} height={H} fill="#ffffff" />
      <text x={M.left} y={14} font-size="13" font-weight="600" fill="#1b1f24">
        {title}
      </text>
      <g aria-hidden="true" font-size="11" fill="#555d66">
        {y.ticks(5).map((v) => (
          <g key={v}>
            <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} stroke="#e3e6ea" />
            <text x={M.left - 6} y={y(v) + 4} text-anchor="end">
              {fmtNumber(lang, v)}
            </text>
          </g>
        ))}
        {years.map((yr) => (
          <text key={yr} x={x(time(`${yr}-07-01`))} y={H - M.bottom + 16} text-anchor="middle">
            {yr}
          </text>
        ))}
      </g>
      {shown.map((b) => (
        <g key={b.id} class="break" data-break={b.date}>
          <title>{`${t('seriesBreak')}: ${b.date}, ${b[`title_${lang}`] || b.title_en}`}</title>
          <line
            x1={x(time(b.date))}
            x2={x(time(b.date))}
            y1={M.top + 12}
            y2={H - M.bottom}
            stroke="#b45309"
            stroke-dasharray="4 3"
            stroke-width="1.5"
          />
        </g>
      ))}
      {shown.length > 0 && (
        <text
          x={W - M.right}
          y={M.top + 8}
          text-anchor="end"
          font-size="11"
          fill="#8a4b00"
          aria-hidden="true"
        >
          ┆ {t('seriesBreak')}
        </text>
      )}
      {lines.map((l, i) => (
        <g key={l.iso} class="place-line" data-iso={l.iso} stroke={colour(i)} fill="none">
          <path
            class="casing"
            d={path(l.points) ?? ''}
            stroke={CASING}
            stroke-width="4.25"
            stroke-dasharray={dash(i) || undefined}
          />
          <path
            class="line"
            d={path(l.points) ?? ''}
            stroke-width="2.25"
            stroke-dasharray={dash(i) || undefined}
          />
          {l.points.map((p) => {
            if (p.value === null) return null;
            const marked = p.status !== 'final';
            return (
              <path
                key={p.period}
                class={marked ? 'dot marked' : 'dot'}
                d={marker(i, marked ? 80 : 40)}
                transform={`translate(${x(time(p.period_end))},${y(p.value)})`}
                fill={marked ? '#ffffff' : colour(i)}
                stroke={marked ? colour(i) : CASING}
                stroke-width={marked ? 2 : 1}
              >
                <title>{`${l.name}, ${p.period}: ${fmtNumber(lang, p.value)}${marked ? ` (${t(`status_${p.status}` as never) || p.status})` : ''}`}</title>
              </path>
            );
          })}
        </g>
      ))}
      <g class="credit" font-size="10.5" fill="#555d66">
        {credit.map((c, i) => (
          <text key={i} x={8} y={H - M.bottom + 32 + i * 13}>
            {c}
          </text>
        ))}
      </g>
    </svg>
  );
}
