// The map's colour classes and their labels: at most five, cut at quantiles of the values shown, each cut rounded to two
// significant digits (whole numbers for counts), so a class reads "3,500,000 – 4,100,000" and never
// "4.8 – 4.8": cut points that round to the same number merge their classes. Colours: ColorBrewer
// YlGnBu (d3-scale-chromatic), light for low values.
import { schemeYlGnBu } from 'd3-scale-chromatic';
import { fmtValue } from './format.js';
import type { Lang } from './i18n.js';
import type { ValuePoint } from './lines.js';

export interface Classes {
  colour: (v: number) => string;
  edges: number[]; // min, the cut points, max
  colours: readonly string[];
}

const MAX_CLASSES = 5;

/** The p-quantile of sorted values, interpolated between ranks (R-7, as d3 and spreadsheets do). */
function quantile(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo]! + ((sorted[lo + 1] ?? sorted[lo]!) - sorted[lo]!) * (h - lo);
}

/** `v` rounded to two significant digits (a whole number for counts): 3,456,789 -> 3,500,000. */
function round2(v: number, whole: boolean): number {
  if (v === 0) return 0;
  const unit = 10 ** (Math.floor(Math.log10(Math.abs(v))) - 1);
  const r = Number((Math.round(v / unit) * unit).toPrecision(12));
  return whole ? Math.round(r) : r;
}

/**
 * The classes of the places' values shown. They are cut at whole numbers only when every value is a
 * published whole number (a count of people or schools); a value Dala derived (per 1,000 people) is a
 * rate even where it happens to be whole.
 */
export function classesOf(points: Iterable<ValuePoint>): Classes | null {
  const shown = [...points];
  const values = shown.flatMap((p) => (p.value === null ? [] : [p.value]));
  return classify(values, values.every(Number.isInteger) && !shown.some((p) => p.derived));
}

export function classify(values: number[], whole: boolean): Classes | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const [min, max] = [sorted[0]!, sorted[sorted.length - 1]!];
  const cuts: number[] = [];
  for (let i = 1; i < MAX_CLASSES; i++) {
    const c = round2(quantile(sorted, i / MAX_CLASSES), whole);
    // strictly inside (min, max): a cut at the maximum would leave a last class "100 – 100"
    if (c > min && c < max && c > (cuts.at(-1) ?? -Infinity)) cuts.push(c);
  }
  const n = cuts.length + 1;
  const three = schemeYlGnBu[3]!;
  const colours = n >= 3 ? schemeYlGnBu[n]! : n === 2 ? [three[0]!, three[2]!] : [three[1]!];
  return {
    colour: (v) => colours[cuts.filter((c) => v >= c).length]!,
    edges: [min, ...cuts, max],
    colours,
  };
}

/**
 * The classes as "from – to" labels: the ends as published, the cut points as rounded. When every
 * value shown is the same there is one class of one number, labelled as that number alone.
 */
export function classLabels(lang: Lang, c: Classes): string[] {
  const at = (i: number) => fmtValue(lang, c.edges[i]!);
  return c.colours.map((_, i) => (at(i) === at(i + 1) ? at(i) : `${at(i)} – ${at(i + 1)}`));
}
