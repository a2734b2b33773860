// A locator map drawn from the release's own simplified ADM1 boundaries: the 20 regions in outline,
// one filled, its administrative centre marked. The projection is d3-geo's conic equal-area fitted to
// the box (no hand-written projection); d3's path generator writes straight into PDFKit's path
// operators through the small context below, so the map stays vector and needs nothing fetched.

import { geoConicEqualArea, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection } from 'geojson';
import type { LocatorMapInput } from './chart-inputs.js';
import { FONT } from './document.js';
import { type Box, ACCENT, INK } from './trend-chart.js';

/**
 * d3-geo path context over a PDFKit document. Coordinates are snapped to a 0.2 pt grid and repeated
 * vertices dropped: at locator-map scale that loses nothing a reader can see, and it keeps each map
 * a few kilobytes instead of carrying every vertex of the 400 KB boundary file.
 */
class PdfPathContext {
  private last: [number, number] | null = null;
  constructor(private readonly doc: PDFKit.PDFDocument) {}
  private snap(n: number): number {
    return Math.round(n * 5) / 5;
  }
  moveTo(x: number, y: number): void {
    this.last = [this.snap(x), this.snap(y)];
    this.doc.moveTo(this.last[0], this.last[1]);
  }
  lineTo(x: number, y: number): void {
    const p: [number, number] = [this.snap(x), this.snap(y)];
    if (this.last && p[0] === this.last[0] && p[1] === this.last[1]) return;
    this.last = p;
    this.doc.lineTo(p[0], p[1]);
  }
  closePath(): void {
    this.doc.closePath();
    this.last = null;
  }
  arc(x: number, y: number, r: number): void {
    this.doc.circle(this.snap(x), this.snap(y), r);
  }
}

export function drawLocatorMap(doc: PDFKit.PDFDocument, box: Box, input: LocatorMapInput): void {
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: input.regions as Feature[],
  };
  // Standard parallels and central meridian suited to Kazakhstan's extent (about 40–56° N, 46–88° E).
  const projection = geoConicEqualArea()
    .parallels([44, 52])
    .rotate([-67, 0])
    .fitExtent(
      [
        [box.x + 2, box.y + 2],
        [box.x + box.w - 2, box.y + box.h - 2],
      ],
      collection,
    );
  const context = new PdfPathContext(doc);
  const path = geoPath(projection, context as unknown as CanvasRenderingContext2D);

  doc.save();
  for (const f of input.regions) {
    if (f.properties.iso === input.highlight_iso) continue;
    path(f);
    doc.lineWidth(0.4).fillAndStroke('#f1f1f1', '#9a9a9a');
  }
  const target = input.regions.find((f) => f.properties.iso === input.highlight_iso);
  if (target) {
    path(target);
    doc.lineWidth(0.8).fillAndStroke(INK, '#0b2740');
  }
  if (input.centre) {
    const xy = projection(input.centre);
    if (xy) {
      const [cx, cy] = [Math.round(xy[0] * 10) / 10, Math.round(xy[1] * 10) / 10];
      doc.circle(cx, cy, 2.6).lineWidth(0.9).fillAndStroke('#ffffff', ACCENT);
      doc.circle(cx, cy, 0.9).fill(ACCENT);
      if (input.centre_label) {
        const rightSide = cx < box.x + box.w * 0.7;
        doc.font(FONT.bold).fontSize(6.5);
        const tw = doc.widthOfString(input.centre_label);
        const tx = rightSide ? cx + 4 : cx - 4 - tw;
        // A pale plate under the name keeps it legible over the filled region.
        doc
          .rect(tx - 1, cy - 3.6, tw + 2, 8)
          .fillOpacity(0.85)
          .fill('#ffffff')
          .fillOpacity(1);
        doc
          .fillColor('#222222')
          .text(input.centre_label, tx, cy - 3.2, { width: tw + 1, lineBreak: false });
      }
    }
  }
  doc.restore();
}
