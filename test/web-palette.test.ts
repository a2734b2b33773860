// The comparison palette's claims, measured: its eight colours stay apart for readers with the common
// colour-vision deficiencies (each simulated at full severity after Machado, Oliveira & Fernandes 2009,
// compared by CIEDE2000), and the casing under every line meets WCAG 2.2 non-text contrast (1.4.11,
// 3:1) against the chart's white background.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type Color,
  differenceCiede2000,
  filterDeficiencyDeuter,
  filterDeficiencyProt,
  filterDeficiencyTrit,
  parse,
  wcagContrast,
} from 'culori';
import { CASING, PALETTE } from '../web/src/palette.js';

// A ΔE00 of about 10 reads as a clearly different colour side by side; thin chart lines need that much.
const APART = 10;

const vision: Record<string, (c: Color) => Color> = {
  normal: (c) => c,
  protanopia: filterDeficiencyProt(1),
  deuteranopia: filterDeficiencyDeuter(1),
  tritanopia: filterDeficiencyTrit(1),
};

test('every two colours of the comparison palette stay apart under normal vision, protanopia, deuteranopia and tritanopia', () => {
  const delta = differenceCiede2000();
  for (const [name, see] of Object.entries(vision)) {
    const seen = PALETTE.map((c) => see(parse(c)!));
    for (let i = 0; i < seen.length; i++) {
      for (let j = i + 1; j < seen.length; j++) {
        const d = delta(seen[i]!, seen[j]!);
        assert.ok(
          d >= APART,
          `${name}: ${PALETTE[i]} and ${PALETTE[j]} look alike (ΔE00 ${d.toFixed(1)})`,
        );
      }
    }
  }
});

test('the casing under every line and marker has at least 3:1 contrast against the white chart background', () => {
  assert.equal(PALETTE.length, 8, 'one colour for each of the eight places a comparison holds');
  assert.ok(
    wcagContrast(CASING, '#ffffff') >= 3,
    `casing contrast ${wcagContrast(CASING, '#ffffff').toFixed(2)}`,
  );
});
