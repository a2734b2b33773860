// A small vector trend chart drawn with PDFKit's own path operators (no raster, no fetched fonts).
// What it must never do (docs/interface.md §1.1 and §1.3): join a line across a missing year (a gap stays a
// gap), draw a missing value as zero, join across a series break (a border or currency change is a
// labelled rule, and the line starts again after it), or plot a value in another unit on the same axis.

import { scaleLinear } from 'd3-scale';
import type { ChartPoint, ChartSeries, TrendChartInput } from './chart-inputs.js';
import { FONT } from './document.js';
import { formatIn, formatTick } from './numbers.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const INK = '#1f4e79';
export const GREY = '#8c8c8c';
export const BREAK = '#b03a2e';
export const ACCENT = '#d35400';
const AXIS = '#666666';
const GRID = '#e3e3e3';

/** Decimal year of an ISO date: 2024-07-02 → 2024.5. */
export function decimalYear(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, 0, 1);
  const days = (Date.UTC(y + 1, 0, 1) - start) / 86_400_000;
  return y + (Date.UTC(y, m - 1, d) - start) / 86_400_000 / days;
}

/** Where a point sits on the time axis: the middle of its period, or its end for a cumulative series. */
export function pointX(p: ChartPoint, position: TrendChartInput['position'] = 'middle'): number {
  const end = decimalYear(p.period_end) + 1 / 365;
  return position === 'end' ? end : (decimalYear(p.period_start) + end) / 2;
}

/** Coordinates rounded to 0.01 pt: finer than any printer, and it keeps the bytes short and stable. */
const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Runs of consecutive drawable points. A run ends at a null value, a point in another unit, a
 * period missing from the series, or a series break.
 */
export function runs(
  series: ChartSeries,
  unit: string,
  breaks: number[],
  position: TrendChartInput['position'] = 'middle',
): { x: number; p: ChartPoint }[][] {
  const all = series.points.map((p) => ({ x: pointX(p, position), p })).sort((a, b) => a.x - b.x);
  // The usual step is the shortest one between periods: a year for annual series, a quarter for
  // cumulative ones; anything longer than 1.5 of it means periods are missing in between.
  const steps = all
    .slice(1)
    .map((q, i) => q.x - all[i]!.x)
    .filter((d) => d > 1e-6);
  const usual = steps.length ? Math.min(...steps) : Infinity;
  const out: { x: number; p: ChartPoint }[][] = [];
  let current: { x: number; p: ChartPoint }[] = [];
  let prevX = -Infinity;
  for (const item of all) {
    const drawable = item.p.value !== null && item.p.unit === unit;
    const gap = item.x - prevX > usual * 1.5 + 1e-9;
    const broken = breaks.some((b) => prevX < b && b <= item.x);
    if (!drawable || gap || broken) {
      if (current.length) out.push(current);
      current = [];
    }
    if (drawable) current.push(item);
    prevX = item.x;
  }
  if (current.length) out.push(current);
  return out;
}

function marker(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  status: ChartPoint['status'],
  color: string,
  big: boolean,
): void {
  const r = big ? 2.6 : status === 'final' ? 0.9 : 1.9;
  if (status === 'suspicious') {
    // A hollow diamond: a value the source itself doubts.
    doc.polygon(
      [r2(x), r2(y - r - 0.4)],
      [r2(x + r + 0.4), r2(y)],
      [r2(x), r2(y + r + 0.4)],
      [r2(x - r - 0.4), r2(y)],
    );
    doc.lineWidth(0.7).fillAndStroke('#ffffff', color);
  } else if (status === 'preliminary' || status === 'estimate' || status === 'demonstration') {
    // Hollow: not a final count (to be revised, estimated by the source, or a sample).
    doc.circle(r2(x), r2(y), r).lineWidth(0.7).fillAndStroke('#ffffff', color);
  } else {
    doc.circle(r2(x), r2(y), r).fill(color);
  }
}

function text(
  doc: PDFKit.PDFDocument,
  s: string,
  x: number,
  y: number,
  opts: { size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {},
): void {
  doc
    .font(FONT.regular)
    .fontSize(opts.size ?? 6)
    .fillColor(opts.color ?? AXIS);
  doc.text(s, r2(x), r2(y), {
    width: opts.width ?? 80,
    align: opts.align ?? 'left',
    lineBreak: false,
  });
}

/** The y scale of one axis over the values it plots; a flat series gets a band around its value. */
function yScale(values: number[], top: number, bottom: number) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1;
    lo -= pad;
    hi += pad;
  }
  const pad = (hi - lo) * 0.06;
  // Padding never pushes an all-positive series below zero: a negative tick would invent a range
  // the data do not have.
  const from = lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
  return scaleLinear()
    .domain([from, hi + pad])
    .nice(4)
    .range([bottom, top]);
}

function plotted(series: ChartSeries | null, unit: string): number[] {
  return (series?.points ?? [])
    .filter((p) => p.value !== null && p.unit === unit)
    .map((p) => p.value as number);
}

/**
 * Draws the chart inside `box`. `compact` drops the y axis and labels only the first and last
 * period (a sparkline). Returns the periods it left out because they are in another unit.
 */
export function drawTrendChart(
  doc: PDFKit.PDFDocument,
  box: Box,
  input: TrendChartInput,
  compact = false,
): string[] {
  const right = input.comparison?.axis === 'right';
  const left = compact ? box.x + 2 : box.x + 30;
  const plotRight = box.x + box.w - (compact ? 2 : right ? 30 : 6);
  // Room above the plot for break labels, in two staggered rows when rules stand close together.
  const top = box.y + (compact ? 3 : input.breaks.length ? 15 : 6);
  const bottom = box.y + box.h - 10;

  const mainValues = plotted(input.main, input.unit);
  const leftValues = right ? mainValues : [...mainValues, ...plotted(input.comparison, input.unit)];
  const rightValues = right ? plotted(input.comparison, input.unit) : [];
  const everyX = [input.main, input.comparison].flatMap((s) =>
    (s?.points ?? []).map((p) => pointX(p, input.position)),
  );
  const breakXs = input.breaks.map((b) => decimalYear(b.at));

  doc.save();
  if (everyX.length === 0 || leftValues.length === 0) {
    text(doc, 'No value published for this series.', left, (top + bottom) / 2 - 3, {
      size: 7,
      width: plotRight - left,
    });
    doc.restore();
    return [];
  }
  const xMin = Math.min(...everyX);
  const xMax = Math.max(...everyX);
  const span = xMax - xMin || 1;
  const x = scaleLinear()
    .domain([xMin - span * 0.02, xMax + span * 0.02])
    .range([left, plotRight]);
  const y = yScale(leftValues, top, bottom);
  const yRight = rightValues.length ? yScale(rightValues, top, bottom) : null;

  // Grid and axes.
  if (!compact) {
    for (const t of y.ticks(4)) {
      doc
        .moveTo(r2(left), r2(y(t)))
        .lineTo(r2(plotRight), r2(y(t)))
        .lineWidth(0.3)
        .stroke(GRID);
      const step = (y.ticks(4)[1] ?? t) - (y.ticks(4)[0] ?? 0) || 1;
      text(doc, formatTick(t, step), box.x, y(t) - 2.5, { width: 27, align: 'right' });
    }
    if (yRight) {
      const ticks = yRight.ticks(4);
      const step = (ticks[1] ?? 0) - (ticks[0] ?? 0) || 1;
      for (const t of ticks)
        text(doc, formatTick(t, step), plotRight + 3, yRight(t) - 2.5, { width: 27, color: GREY });
    }
  }
  doc.moveTo(r2(left), r2(bottom)).lineTo(r2(plotRight), r2(bottom)).lineWidth(0.5).stroke(AXIS);

  // Period axis: whole years, or first and last period on a sparkline.
  const firstYear = Math.ceil(xMin);
  const lastYear = Math.floor(xMax);
  // About one year label per 36 pt, so labels never run into each other on a narrow chart.
  const fit = Math.max(2, Math.floor((plotRight - left) / 36));
  const years = compact
    ? []
    : x
        .ticks(Math.min(fit, Math.max(1, lastYear - firstYear + 1)))
        .filter((t) => Number.isInteger(t));
  for (const t of years) {
    doc
      .moveTo(r2(x(t + 0.5)), r2(bottom))
      .lineTo(r2(x(t + 0.5)), r2(bottom + 2))
      .lineWidth(0.5)
      .stroke(AXIS);
    text(doc, String(t), x(t + 0.5) - 15, bottom + 2.5, { width: 30, align: 'center' });
  }
  if (compact) {
    const sorted = [...input.main.points].sort(
      (a, b) => pointX(a, input.position) - pointX(b, input.position),
    );
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (first) text(doc, first.period, left, bottom + 2, { width: 60 });
    if (last && last !== first)
      text(doc, last.period, plotRight - 60, bottom + 2, { width: 60, align: 'right' });
  }

  // Series breaks: a dashed rule with its label, above the lines. Each label is measured and set in
  // the first of two rows where it overlaps no label already set; a label that fits in neither row
  // is shortened to its year, and left out (the legend names the break) when even that collides.
  const BREAK_SIZE = 5.2;
  const set: { x0: number; x1: number; row: number }[] = [];
  doc.font(FONT.regular).fontSize(BREAK_SIZE);
  const place = (label: string, bx: number) => {
    const w = doc.widthOfString(label);
    // A label near the right edge is set to the left of its rule so it stays inside the chart.
    const toLeft = bx + 1.2 + w > box.x + box.w;
    const x0 = toLeft ? bx - 1.2 - w : bx + 1.2;
    const row = [0, 1].find((r) =>
      set.every((o) => o.row !== r || x0 + w + 2 < o.x0 || o.x1 + 2 < x0),
    );
    return row === undefined ? null : { x0, x1: x0 + w, row };
  };
  for (const b of input.breaks) {
    const bx = x(decimalYear(b.at));
    if (bx < left || bx > plotRight) continue;
    // A narrow chart keeps only the year of the break; the legend and the passport say the cause.
    const full = box.w < 200 ? b.label.slice(0, 4) : b.label;
    const label = compact
      ? null
      : place(full, bx)
        ? full
        : place(b.label.slice(0, 4), bx)
          ? b.label.slice(0, 4)
          : null;
    const spot = label === null ? null : place(label, bx);
    const labelY = box.y + (spot?.row ?? 0) * 6.5;
    doc
      .moveTo(r2(bx), r2(compact ? top : labelY + 1))
      .lineTo(r2(bx), r2(bottom))
      .lineWidth(0.6)
      .dash(1.5, { space: 1.2 })
      .stroke(BREAK);
    doc.undash();
    if (label === null || spot === null) continue;
    set.push(spot);
    text(doc, label, spot.x0, labelY, {
      size: BREAK_SIZE,
      color: BREAK,
      width: spot.x1 - spot.x0 + 1,
      align: 'left',
    });
  }

  // Lines, comparison first so the main series is drawn on top.
  const draw = (
    series: ChartSeries,
    scale: (v: number) => number,
    color: string,
    width: number,
  ) => {
    for (const run of runs(series, input.unit, breakXs, input.position)) {
      if (run.length > 1) {
        run.forEach((pt, i) => {
          const px = r2(x(pt.x));
          const py = r2(scale(pt.p.value as number));
          if (i === 0) doc.moveTo(px, py);
          else doc.lineTo(px, py);
        });
        doc.lineWidth(width).lineJoin('round').stroke(color);
      }
      for (const pt of run) {
        const big =
          input.highlight !== null && pt.p.period === input.highlight && series === input.main;
        marker(doc, x(pt.x), scale(pt.p.value as number), pt.p.status, big ? ACCENT : color, big);
        if (big) {
          const label = `${pt.p.period}: ${formatIn('en', pt.p.value as number, input.decimals)}`;
          const toLeft = x(pt.x) + 90 > plotRight;
          text(doc, label, toLeft ? x(pt.x) - 94 : x(pt.x) + 4, scale(pt.p.value as number) - 9, {
            size: 6.5,
            color: ACCENT,
            width: 90,
            align: toLeft ? 'right' : 'left',
          });
        }
      }
    }
  };
  if (input.comparison) draw(input.comparison, (v) => (yRight ?? y)(v), GREY, 0.8);
  draw(input.main, (v) => y(v), INK, 1.2);
  doc.restore();

  const other = [input.main, input.comparison].flatMap((s) =>
    (s?.points ?? []).filter((p) => p.value !== null && p.unit !== input.unit).map((p) => p.period),
  );
  return [...new Set(other)];
}
