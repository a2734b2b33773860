// The key under the charts of a page: what each line, mark and rule means, so a hollow dot or a
// dashed rule is never left for the reader to guess.

import { FONT } from './document.js';
import type { PageWriter } from './layout.js';
import { BREAK, GREY, INK } from './trend-chart.js';

export type LegendItem = 'main' | 'comparison' | 'preliminary' | 'suspicious' | 'break';

export function drawLegend(w: PageWriter, labels: Partial<Record<LegendItem, string>>): void {
  const box = w.area(9, 3);
  if (box) drawLegendAt(w.pdf, box.x, box.y, labels);
}

/** The key drawn at (x, y), for a row shared by several charts side by side. */
export function drawLegendAt(
  doc: PDFKit.PDFDocument,
  left: number,
  top: number,
  labels: Partial<Record<LegendItem, string>>,
): void {
  let x = left;
  const mid = top + 4;
  doc.save();
  for (const [item, label] of Object.entries(labels) as [LegendItem, string][]) {
    if (item === 'main' || item === 'comparison') {
      doc
        .moveTo(x, mid)
        .lineTo(x + 12, mid)
        .lineWidth(item === 'main' ? 1.2 : 0.8)
        .stroke(item === 'main' ? INK : GREY);
    } else if (item === 'preliminary') {
      doc
        .circle(x + 6, mid, 1.9)
        .lineWidth(0.7)
        .fillAndStroke('#ffffff', INK);
    } else if (item === 'suspicious') {
      doc
        .polygon([x + 6, mid - 2.3], [x + 8.3, mid], [x + 6, mid + 2.3], [x + 3.7, mid])
        .lineWidth(0.7)
        .fillAndStroke('#ffffff', INK);
    } else {
      doc
        .moveTo(x + 6, mid - 4)
        .lineTo(x + 6, mid + 4)
        .lineWidth(0.6)
        .dash(1.5, { space: 1.2 })
        .stroke(BREAK);
      doc.undash();
    }
    doc.font(FONT.regular).fontSize(6.5).fillColor('#444444');
    const width = doc.widthOfString(label) + 2;
    doc.text(label, x + 15, top + 1, { width, lineBreak: false });
    x += 15 + width + 10;
  }
  doc.restore();
}
