// The comparison chart's colours: the Okabe–Ito palette as published (Okabe & Ito, "Color Universal
// Design", 2008; https://jfly.uni-koeln.de/color/), one colour per place, chosen so the eight stay apart
// under protanopia, deuteranopia and tritanopia (test/web-palette.test.ts measures it: CIEDE2000 between
// every pair, simulated after Machado et al. 2009). An earlier dark-olive stand-in for the yellow was
// nearly the vermilion for a protanope (ΔE00 < 2), which is why the published yellow is back.
// Four of the colours (orange, sky blue, reddish purple, yellow) fall under the 3:1 contrast against a
// white background that WCAG 2.2 (1.4.11, non-text contrast) asks of a graph's lines, so every line and
// marker is drawn over a dark casing: the casing carries the contrast, the colour tells places apart.
export const PALETTE = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#D55E00',
  '#0072B2',
  '#CC79A7',
  '#000000',
  '#F0E442',
] as const;

/** The casing under every line and around every marker (contrast 16:1 against white). */
export const CASING = '#1b1f24';

export const colour = (i: number) => PALETTE[i % PALETTE.length]!;
