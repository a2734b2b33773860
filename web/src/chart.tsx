// A region's series from /api/timemachine/series as a line (d3-shape); a period without a value is a
// gap in the line, and border changes (reform events) are drawn as series breaks.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SeriesPoint, TmEvent } from './api';
import { fmtNumber } from './format';
import type { Lang, T } from './i18n';

const W = 640;
const H = 260;
const M = { top: 16, right: 16, bottom: 28, left: 72 };

const time = (iso: string) => Date.parse(iso + 'T00:00:00Z');

interface Props {
  points: SeriesPoint[];
  breaks: TmEvent[];
  lang: Lang;
  t: T;
  label: string;
}

export function LineChart({ points, breaks, lang, t, label }: Props) {
  if (!points.length) return null;
  const xs = points.map((p) => time(p.period_end));
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const x = scaleLinear()
    .domain([Math.min(...xs), Math.max(...xs)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(...values, 0) || 1])
    .nice()
    .range([H - M.bottom, M.top]);
  const path = line<SeriesPoint>()
    .defined((p) => p.value !== null)
    .x((p) => x(time(p.period_end)))
    .y((p) => y(p.value ?? 0))(points);
  const [lo, hi] = x.domain() as [number, number];
  const shown = breaks.filter((b) => time(b.date) >= lo && time(b.date) <= hi);
  const yearTicks = x.ticks(Math.min(8, points.length)).map((v) => new Date(v).getUTCFullYear());
  const uniqueYears = [...new Set(yearTicks)];
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <g class="axis" aria-hidden="true">
        {y.ticks(5).map((v) => (
          <g key={v}>
            <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} class="grid" />
            <text x={M.left - 6} y={y(v) + 4} text-anchor="end">
              {fmtNumber(lang, v)}
            </text>
          </g>
        ))}
        {uniqueYears.map((yr) => (
          <text key={yr} x={x(time(`${yr}-07-01`))} y={H - 8} text-anchor="middle">
            {yr}
          </text>
        ))}
      </g>
      {shown.map((b) => (
        <g key={b.id} class="break" data-break={b.date}>
          <title>{`${t('seriesBreak')}: ${b.date}, ${b[`title_${lang}`] || b.title_en}`}</title>
          <line x1={x(time(b.date))} x2={x(time(b.date))} y1={M.top} y2={H - M.bottom} />
        </g>
      ))}
      {shown.length > 0 && (
        <text x={W - M.right} y={M.top - 4} text-anchor="end" class="break-key" aria-hidden="true">
          ┆ {t('seriesBreak')}
        </text>
      )}
      {path && <path d={path} class="line" />}
      {points.map((p) =>
        p.value === null ? null : (
          <circle
            key={p.period}
            cx={x(time(p.period_end))}
            cy={y(p.value)}
            r={p.status && p.status !== 'final' ? 4 : 2.5}
            class={p.status && p.status !== 'final' ? 'dot marked' : 'dot'}
          >
            {p.status && p.status !== 'final' && (
              <title>{`${p.period}: ${t(`status_${p.status}` as never) || p.status}`}</title>
            )}
          </circle>
        ),
      )}
    </svg>
  );
}
