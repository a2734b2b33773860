// A figure as a file that says what it is once it leaves the page: the drawing on screen framed by its
// title, place, breakdown and period above, its key (the lines' colours, markers and dashes, or the
// map's colour classes), and its notes, source and release below, all inside one standalone SVG, and
// the same painted at twice its size as a PNG. The screen styles the drawing through the page's CSS,
// which a file does not carry: the computed paint of every element is written onto a copy.
import { FONT, dash, marker } from './line-chart';
import { CASING, colour } from './palette';

const PAINT = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'font-size',
  'font-family',
  'font-weight',
  'opacity',
] as const;
const NS = 'http://www.w3.org/2000/svg';
const PAD = 10;

export interface KeyItem {
  label: string;
  line?: number; // a line's palette slot
  fill?: string; // a colour class
  hatch?: boolean; // "not published"
}

export interface Frame {
  title: string;
  subtitle: string[];
  key: KeyItem[];
  notes: string[];
  credit: string[];
}

/** `text` broken into lines of at most `width` px at `size` px (an average character's advance). */
export function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(12, Math.floor(width / (size * 0.55)));
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/)) {
    if (cur && (cur + ' ' + word).length > max) (out.push(cur), (cur = word));
    else cur = cur ? `${cur} ${word}` : word;
    while (cur.length > max) (out.push(cur.slice(0, max)), (cur = cur.slice(max)));
  }
  if (cur) out.push(cur);
  return out;
}

const el = (name: string, attrs: Record<string, string | number>, text?: string) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
};

/** The drawing with its paint copied onto attributes (the page's CSS stays behind). */
function painted(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((node, i) => {
    const style = getComputedStyle(node);
    for (const prop of PAINT) {
      const v = style.getPropertyValue(prop);
      if (v && !to[i]!.hasAttribute(prop)) to[i]!.setAttribute(prop, v);
    }
  });
  for (const hit of copy.querySelectorAll('.hit, .active')) hit.remove();
  return copy;
}

export function svgForDownload(
  svg: SVGSVGElement,
  frame: Frame,
): { text: string; width: number; height: number } {
  const [, , w, h] = (svg.getAttribute('viewBox') ?? `0 0 ${svg.clientWidth} ${svg.clientHeight}`)
    .split(/\s+/)
    .map(Number) as [number, number, number, number];
  const out = el('svg', { xmlns: NS, 'font-family': FONT });
  const body: SVGElement[] = [];
  let y = PAD;
  const text = (s: string, size: number, fill: string, weight = 'normal', cls = '') => {
    for (const line of wrap(s, w - 2 * PAD, size)) {
      y += size * 1.3;
      body.push(
        el('text', { x: PAD, y, 'font-size': size, fill, 'font-weight': weight, class: cls }, line),
      );
    }
  };
  text(frame.title, 16, '#1b1f24', '600', 'title');
  for (const s of frame.subtitle) text(s, 12, '#1b1f24', 'normal', 'subtitle');
  // The key: one row of items, wrapping when the width runs out.
  let x = PAD;
  if (frame.key.length) y += 10;
  frame.key.forEach((k, i) => {
    const width = 30 + k.label.length * 6.6;
    if (x > PAD && x + width > w - PAD) ((x = PAD), (y += 18));
    const g = el('g', { class: 'key', transform: `translate(${x},${y + 8})` });
    if (k.line !== undefined) {
      const d = dash(k.line) || 'none';
      // the line over its casing, as the chart draws it
      for (const [stroke, strokeWidth] of [
        [CASING, 4.25],
        [colour(k.line), 2.25],
      ] as const)
        g.append(
          el('line', {
            x1: 0,
            x2: 22,
            y1: 0,
            y2: 0,
            stroke,
            'stroke-width': strokeWidth,
            'stroke-dasharray': d,
          }),
        );
      g.append(
        el('path', {
          d: marker(k.line),
          transform: 'translate(11,0)',
          fill: colour(k.line),
          stroke: CASING,
        }),
      );
    } else {
      g.append(
        el('rect', {
          x: 0,
          y: -6,
          width: 22,
          height: 12,
          fill: k.hatch ? '#d9d9d9' : (k.fill ?? '#fff'),
          stroke: '#8a8a8a',
        }),
      );
      if (k.hatch) g.append(el('path', { d: 'M0,6 L12,-6 M10,6 L22,-6', stroke: '#6b6b6b' }));
    }
    g.append(el('text', { x: 27, y: 4, 'font-size': 12, fill: '#1b1f24' }, k.label));
    body.push(g);
    x += width + 14;
    void i;
  });
  y += frame.key.length ? 24 : 8;
  const drawing = painted(svg);
  drawing.setAttribute('x', '0');
  drawing.setAttribute('y', String(y));
  drawing.setAttribute('width', String(w));
  drawing.setAttribute('height', String(h));
  drawing.removeAttribute('class');
  body.push(drawing);
  y += h + 4;
  for (const n of frame.notes) text(n, 11, '#555d66', 'normal', 'note');
  y += 4;
  for (const c of frame.credit) text(c, 11, '#555d66', 'normal', 'credit');
  const height = Math.ceil(y + PAD);
  out.setAttribute('viewBox', `0 0 ${w} ${height}`);
  out.setAttribute('width', String(w));
  out.setAttribute('height', String(height));
  out.append(el('rect', { width: w, height, fill: '#ffffff' }), ...body);
  return {
    text: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(out),
    width: w,
    height,
  };
}

/** The SVG painted at twice its size on a canvas, as PNG bytes. */
export async function pngFromSvg(
  svg: { text: string; width: number; height: number },
  scale = 2,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(svg.width * scale);
    canvas.height = Math.round(svg.height * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Hands a blob to the browser as a download with the given file name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
