// A chart on screen as a standalone SVG file and as a PNG (the SVG painted on a canvas). The screen
// styles it through the page's CSS, which a downloaded file does not carry: the computed paint of every
// element is written onto a copy as attributes. The source, period and release are printed at the foot.
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
const LINE = 14;

export function svgForDownload(
  svg: SVGSVGElement,
  credit: string[],
): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    for (const prop of PAINT) {
      const v = style.getPropertyValue(prop);
      if (v && !to[i]!.hasAttribute(prop)) to[i]!.setAttribute(prop, v);
    }
  });
  const [x, y, w, h] = (svg.getAttribute('viewBox') ?? `0 0 ${svg.clientWidth} ${svg.clientHeight}`)
    .split(/\s+/)
    .map(Number) as [number, number, number, number];
  // The compare chart prints its credit itself; other charts get theirs below the drawing.
  const own = svg.querySelector('.credit');
  const extra = own ? 0 : credit.length * LINE + 8;
  const height = h + extra;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('viewBox', `${x} ${y} ${w} ${height}`);
  copy.setAttribute('width', String(w));
  copy.setAttribute('height', String(height));
  copy.removeAttribute('class');
  const ns = 'http://www.w3.org/2000/svg';
  const bg = document.createElementNS(ns, 'rect');
  for (const [k, v] of Object.entries({ x, y, width: w, height, fill: '#ffffff' }))
    bg.setAttribute(k, String(v));
  copy.insertBefore(bg, copy.firstChild);
  if (!own) {
    credit.forEach((c, i) => {
      const t = document.createElementNS(ns, 'text');
      for (const [k, v] of Object.entries({
        x: x + 8,
        y: y + h + LINE * (i + 1),
        'font-size': 11,
        'font-family': 'system-ui, sans-serif',
        fill: '#555d66',
        class: 'credit',
      }))
        t.setAttribute(k, String(v));
      t.textContent = c;
      copy.appendChild(t);
    });
  }
  return {
    text: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy),
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
