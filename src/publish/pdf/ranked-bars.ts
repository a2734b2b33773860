// Ranked horizontal bars of the regions for one period, drawn with PDFKit paths. A region without a
// value keeps its row, reads "not published" and gets no bar (docs/interface.md §1.3: missing is not zero);
// a preliminary or suspicious value gets a hollow bar and says so.

import type { RankedBarsInput } from './chart-inputs.js';
import { FONT } from './document.js';
import { formatIn } from './numbers.js';
import { type Box, GREY, INK } from './trend-chart.js';

const r2 = (n: number) => Math.round(n * 100) / 100;

/** Rows in drawing order: largest value first, then the regions without a value, each by label. */
export function rankRows(rows: RankedBarsInput['rows']): RankedBarsInput['rows'] {
  return [...rows].sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === null ? (b.value === null ? a.label.localeCompare(b.label, 'en') : 1) : -1;
    return b.value - a.value || a.label.localeCompare(b.label, 'en');
  });
}

/** Where a reader finds the places a page has no room for. */
export const REGIONS_ELSEWHERE = "every place is in the indicator's dataset under /data/datasets/";

/** The lowest a row may be and still be read (a 5-point label with its bar). */
const MIN_ROW = 7;

/**
 * Draws into `box`; rows share the height evenly. Rows that would be lower than MIN_ROW are not
 * drawn: the last line then says how many were left out, so a cut ranking is never read as whole.
 * Returns the number of rows drawn.
 */
export function drawRankedBars(doc: PDFKit.PDFDocument, box: Box, input: RankedBarsInput): number {
  const ranked = rankRows(input.rows);
  if (ranked.length === 0 || box.h < MIN_ROW) return 0;
  const fit = Math.floor(box.h / MIN_ROW);
  const rows = fit >= ranked.length ? ranked : ranked.slice(0, fit - 1);
  const left = ranked.length - rows.length;
  const rowH = Math.min(11, box.h / (rows.length + (left > 0 ? 1 : 0)));
  const size = Math.max(5, Math.min(7, rowH - 2.5));
  const labelW = 118;
  const valueW = 112;
  const barLeft = box.x + labelW;
  const barMax = box.w - labelW - valueW - 4;
  const max = Math.max(0, ...rows.map((r) => r.value ?? 0));
  const min = Math.min(0, ...rows.map((r) => r.value ?? 0));
  const scale = (v: number) => (max - min === 0 ? 0 : ((v - min) / (max - min)) * barMax);
  const zero = barLeft + scale(0);

  doc.save();
  rows.forEach((row, i) => {
    const y = box.y + i * rowH;
    doc.font(FONT.regular).fontSize(size).fillColor('#222222');
    doc.text(row.label, box.x, r2(y + (rowH - size) / 2 - 0.5), {
      width: labelW - 4,
      height: rowH,
      ellipsis: '…',
      lineBreak: false,
    });
    if (row.value === null) {
      doc.fillColor(GREY).text('not published', barLeft, r2(y + (rowH - size) / 2 - 0.5), {
        width: barMax + valueW,
        lineBreak: false,
      });
      return;
    }
    const x0 = Math.min(zero, barLeft + scale(row.value));
    const w = Math.max(0.6, Math.abs(barLeft + scale(row.value) - zero));
    doc.rect(r2(x0), r2(y + 1.2), r2(w), r2(rowH - 2.4));
    if (row.status === 'final') doc.fill(INK);
    else doc.lineWidth(0.7).fillAndStroke('#ffffff', INK);
    const mark = row.status === 'final' ? '' : ` (${row.status})`;
    doc
      .fillColor('#222222')
      .text(
        `${formatIn('en', row.value, input.decimals)}${mark}`,
        r2(barLeft + barMax + 4),
        r2(y + (rowH - size) / 2 - 0.5),
        { width: valueW, lineBreak: false },
      );
  });
  if (left > 0)
    doc
      .font(FONT.regular)
      .fontSize(size)
      .fillColor(GREY)
      .text(
        `… ${left} more not shown for lack of room: ${REGIONS_ELSEWHERE}`,
        box.x,
        r2(box.y + rows.length * rowH + (rowH - size) / 2 - 0.5),
        { width: box.w, lineBreak: false, ellipsis: '…' },
      );
  doc.restore();
  return rows.length;
}
