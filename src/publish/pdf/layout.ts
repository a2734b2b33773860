// A cursor over the single A4 page. Every block is measured before it is drawn and is cut to the
// space left (PDFKit's `height` + `ellipsis` options), so long inputs end in "…" instead of spilling
// onto a second page (docs/interface.md §2.2 "one-page PDF"). The footer is drawn first, at the bottom, so the
// attribution, revision and the primary-source note (docs/interface.md §1.2) can never be pushed off the page.

import { FONT } from './document.js';
import { PRIMARY_SOURCE_NOTE, formatBuiltAt } from './format.js';

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  /** Most lines the block may take; further text is cut with an ellipsis. */
  maxLines?: number;
  /** Space after the block, in points. */
  gap?: number;
  indent?: number;
}

export interface FooterInput {
  revision: string;
  builtAt: Date;
  attribution: string;
  /** The citation (publisher, title, data revision, date) and its permalink; see PageCommon. */
  citation: { text: string; permalink: string };
  /** Page kind and id, printed so a reader can quote exactly which page they hold. */
  pageId: string;
}

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#999999';
/** Slack under the last allowed line so floating error never adds an early ellipsis. */
const EPS = 0.5;

/** Collapses whitespace: a newline inside a field would start a new paragraph and break the line count. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export class PageWriter {
  readonly left: number;
  width: number;
  y: number;
  private bottom: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    footer: FooterInput,
  ) {
    const { margins } = doc.page;
    this.left = margins.left;
    this.width = doc.page.width - margins.left - margins.right;
    this.y = margins.top;
    this.bottom = doc.page.height - margins.bottom;
    this.drawFooter(footer);
  }

  /** The document, for the vector pictures drawn into an area this writer reserved. */
  get pdf(): PDFKit.PDFDocument {
    return this.doc;
  }

  /** Reserves an area of `height` points under the cursor for a picture, or null when it does not fit. */
  area(height: number, gap = 4): { x: number; y: number; w: number; h: number } | null {
    if (this.remaining < height) return null;
    const box = { x: this.left, y: this.y, w: this.width, h: height };
    this.y += height + gap;
    return box;
  }

  /**
   * A picture of `boxWidth` x `height` at the right, with text drawn by `draw` in the narrower column
   * to its left; the cursor ends under whichever is taller. Returns the picture's area, or null (and
   * full-width text) when the picture does not fit.
   */
  beside(
    boxWidth: number,
    height: number,
    draw: () => void,
  ): { x: number; y: number; w: number; h: number } | null {
    if (this.remaining < height) {
      draw();
      return null;
    }
    const top = this.y;
    const box = { x: this.left + this.width - boxWidth, y: top, w: boxWidth, h: height };
    const full = this.width;
    this.width = full - boxWidth - 10;
    try {
      draw();
    } finally {
      this.width = full;
    }
    this.y = Math.max(this.y, top + height + 4);
    return box;
  }

  /** Points left above the footer. */
  get remaining(): number {
    return this.bottom - this.y;
  }

  /**
   * Runs `draw` with `points` held back at the bottom, so a long early block (a list, a table) leaves
   * room for the sections after it instead of silently crowding them off the page.
   */
  withReserve(points: number, draw: () => void): void {
    const held = Math.max(0, Math.min(points, this.remaining));
    this.bottom -= held;
    try {
      draw();
    } finally {
      this.bottom += held;
    }
  }

  /** Space a later section needs: its heading plus up to `lines` lines of body text. */
  sectionReserve(lines: number): number {
    return (
      this.lineHeight({ bold: true, size: 11 }) + 7 + lines * this.lineHeight({ size: 9.5 }) + 4
    );
  }

  lineHeight(style: TextStyle = {}): number {
    this.apply(style);
    return this.doc.currentLineHeight(true);
  }

  /** Draws a block of wrapped text; returns false (drawing nothing) when not even one line fits. */
  text(raw: string, style: TextStyle = {}, x = this.left, width = this.width): boolean {
    const h = this.measure(raw, style, width);
    if (h === 0) return false;
    this.draw(raw, style, x, this.y, width, h);
    this.y += h + (style.gap ?? 4);
    return true;
  }

  /** Height the block would take here (0 when it does not fit at all). */
  measure(raw: string, style: TextStyle, width: number, space = this.remaining): number {
    const text = oneLine(raw);
    const lh = this.lineHeight(style);
    const natural = Math.max(
      1,
      Math.ceil(this.doc.heightOfString(text, { width, indent: style.indent ?? 0 }) / lh - 0.01),
    );
    const lines = Math.min(natural, style.maxLines ?? Infinity, Math.floor(space / lh));
    return lines < 1 ? 0 : lines * lh;
  }

  draw(raw: string, style: TextStyle, x: number, y: number, width: number, height: number): void {
    this.apply(style);
    this.doc.text(oneLine(raw), x, y, {
      width,
      height: height + EPS,
      ellipsis: '…',
      indent: style.indent ?? 0,
      lineBreak: true,
    });
  }

  rule(gap = 6): void {
    if (this.remaining < gap * 2) return;
    this.y += gap / 2;
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.y += gap;
  }

  section(title: string): boolean {
    // Keep a heading only if at least one line can follow it.
    const need = this.lineHeight({ bold: true, size: 11 }) + this.lineHeight({ size: 9.5 }) + 8;
    if (this.remaining < need) return false;
    this.y += 4;
    return this.text(title, { bold: true, size: 11, gap: 3 });
  }

  /** Height a block of text takes whole, whatever the space left. */
  textHeight(raw: string, style: TextStyle = {}): number {
    return this.measure(raw, style, this.width, Infinity) + (style.gap ?? 4);
  }

  /** Height `fields` takes whole, whatever the space left. */
  fieldsHeight(rows: [string, string][], maxLines = 2, labelWidth = 150): number {
    const style: TextStyle = { size: 9.5, maxLines };
    return rows.reduce(
      (sum, [label, value]) =>
        sum +
        2 +
        Math.max(
          this.measure(label, style, labelWidth - 8, Infinity),
          this.measure(value, style, this.width - labelWidth, Infinity),
        ),
      0,
    );
  }

  /** Label/value rows in two columns; each value is cut to `maxLines`. Returns rows drawn. */
  fields(rows: [string, string][], maxLines = 2, labelWidth = 150): number {
    const valueStyle: TextStyle = { size: 9.5, maxLines };
    const labelStyle: TextStyle = { size: 9.5, color: MUTED, maxLines };
    let drawn = 0;
    for (const [label, value] of rows) {
      const vw = this.width - labelWidth;
      const h = Math.max(
        this.measure(label, labelStyle, labelWidth - 8),
        this.measure(value, valueStyle, vw),
      );
      if (h === 0) break;
      this.draw(label, labelStyle, this.left, this.y, labelWidth - 8, h);
      this.draw(value, valueStyle, this.left + labelWidth, this.y, vw, h);
      this.y += h + 2;
      drawn++;
    }
    return drawn;
  }

  /**
   * A bulleted list cut to the space left; when items do not fit, a last line says how many were left
   * out and where to find them, so a cut list is never mistaken for a complete one (docs/interface.md §1.5).
   */
  list(items: string[], whereFull: string, maxLinesEach = 2): void {
    const style: TextStyle = { size: 9.5, maxLines: maxLinesEach, gap: 1 };
    const reserve = this.lineHeight(style) + 2;
    for (let i = 0; i < items.length; i++) {
      const last = i === items.length - 1;
      const space = last ? this.remaining : this.remaining - reserve;
      const h = this.measure(`• ${items[i]}`, style, this.width, space);
      if (h === 0) {
        this.text(`… ${items.length - i} more not shown; full list: ${whereFull}`, {
          ...style,
          color: MUTED,
          maxLines: 1,
        });
        return;
      }
      this.draw(`• ${items[i]}`, style, this.left, this.y, this.width, h);
      this.y += h + 1;
    }
  }

  /** A table with a bold header row; rows that do not fit are counted in a closing line. */
  table(columns: { title: string; width: number }[], rows: string[][], whereFull: string): void {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const head: TextStyle = { size: 8.5, bold: true, maxLines: 2 };
    const cell: TextStyle = { size: 8.5, maxLines: 3 };
    const reserve = this.lineHeight(cell) + 2;
    const rowHeight = (cells: string[], style: TextStyle, space: number): number => {
      const hs = cells.map((c, i) => this.measure(c, style, (widths[i] ?? 0) - 4, space));
      return hs.some((h) => h === 0) ? 0 : Math.max(...hs);
    };
    const drawRow = (cells: string[], style: TextStyle, h: number): void => {
      let x = this.left;
      cells.forEach((c, i) => {
        this.draw(c, style, x, this.y, (widths[i] ?? 0) - 4, h);
        x += widths[i] ?? 0;
      });
      this.y += h + 2;
    };
    const hh = rowHeight(
      columns.map((c) => c.title),
      head,
      this.remaining - reserve,
    );
    if (hh === 0) return;
    drawRow(
      columns.map((c) => c.title),
      head,
      hh,
    );
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] ?? [];
      const space = r === rows.length - 1 ? this.remaining : this.remaining - reserve;
      const h = rowHeight(row, cell, space);
      if (h === 0) {
        this.text(`… ${rows.length - r} more rows not shown; full table: ${whereFull}`, {
          ...cell,
          color: MUTED,
          maxLines: 1,
        });
        return;
      }
      drawRow(row, cell, h);
    }
  }

  private apply(style: TextStyle): void {
    this.doc
      .font(style.bold ? FONT.bold : FONT.regular)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? INK);
  }

  /** Footer, top down: note, attribution, citation, revision line. Sets the body's bottom limit above it. */
  private drawFooter(f: FooterInput): void {
    const small: TextStyle = { size: 7.5, color: MUTED, maxLines: 2 };
    // a citation is never cut: a long title (the SDG platform's) may take it past two lines
    const citation: TextStyle = { ...small, maxLines: 5 };
    const lines = [
      ...PRIMARY_SOURCE_NOTE,
      oneLine(f.attribution),
      oneLine(f.citation.text),
      f.citation.permalink,
      `Data content hash ${f.revision} (sources, not the release revision) · built ${formatBuiltAt(f.builtAt)} · ${f.pageId}`,
    ];
    const styleOf = (l: string) => (l === oneLine(f.citation.text) ? citation : small);
    const heights = lines.map((l) => this.measure(l, styleOf(l), this.width, Infinity));
    const total = heights.reduce((s, h) => s + h + 1, 0);
    let y = this.bottom - total;
    this.doc
      .moveTo(this.left, y - 4)
      .lineTo(this.left + this.width, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    lines.forEach((l, i) => {
      const h = heights[i] ?? 0;
      this.draw(l, styleOf(l), this.left, y, this.width, h);
      y += h + 1;
    });
    this.bottom = this.bottom - total - 12;
  }
}

/** Page head: a small kind label, the title, and the other-language names under it. */
export function header(w: PageWriter, kind: string, title: string, subtitles: string[]): void {
  w.text(kind, { size: 8.5, color: MUTED, maxLines: 1, gap: 2 });
  w.text(title, { bold: true, size: 18, maxLines: 2, gap: 3 });
  for (const s of subtitles) w.text(s, { size: 11.5, color: '#333333', maxLines: 2, gap: 1 });
  w.rule(8);
}

/** One figure: the value (or "— (reason)") with its unit large, then period and source under it. */
export function figure(w: PageWriter, valueWithUnit: string, details: string): void {
  w.text(valueWithUnit, { bold: true, size: 20, maxLines: 2, gap: 2 });
  w.text(details, { size: 9.5, color: MUTED, maxLines: 3, gap: 6 });
}
