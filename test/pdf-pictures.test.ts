// The pictures on the real release's PDFs: a sample of pages is rendered to images with poppler's
// pdftoppm, and the areas where the map and the charts stand must hold drawn content in their own
// colours (the highlighted region's fill, the region outlines, the series line, the break rules).
// The PNGs are kept under test-artifacts/pdf/ (git-ignored) for a person to look at.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { realRelease } from './support/release.js';
import { tempDir } from './support/temp-dir.js';

const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
const hasQpdf = spawnSync('qpdf', ['--version']).error === undefined;
const ARTIFACTS = join(PROJECT_ROOT, 'test-artifacts', 'pdf');
const DPI = 100;

interface Image {
  width: number;
  height: number;
  rgb: Buffer;
}

/** Reads a binary PPM (P6), the format pdftoppm writes without -png. */
function readPpm(bytes: Buffer): Image {
  const header = bytes.toString('latin1', 0, 40).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
  assert.ok(header, 'pdftoppm wrote a P6 image');
  return {
    width: Number(header[1]),
    height: Number(header[2]),
    rgb: bytes.subarray(header[0].length),
  };
}

/** Renders page 1 at DPI: a PNG kept as an artefact and the pixels for the checks. */
function render(pdf: string, name: string): Image {
  mkdirSync(ARTIFACTS, { recursive: true });
  const png = spawnSync('pdftoppm', [
    '-r',
    String(DPI),
    '-png',
    '-singlefile',
    pdf,
    join(ARTIFACTS, name),
  ]);
  assert.equal(png.status, 0, String(png.stderr));
  const dir = tempDir('dala-ppm-');
  try {
    const out = spawnSync('pdftoppm', ['-r', String(DPI), '-singlefile', pdf, join(dir, 'page')]);
    assert.equal(out.status, 0, String(out.stderr));
    return readPpm(readFileSync(join(dir, 'page.ppm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pixels within `tolerance` of a colour inside a box given in PDF points (1/72 in). */
function count(
  img: Image,
  box: { x: number; y: number; w: number; h: number },
  hex: string,
  tolerance = 40,
): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  const s = DPI / 72;
  let n = 0;
  for (let y = Math.floor(box.y * s); y < Math.min(img.height, (box.y + box.h) * s); y++) {
    for (let x = Math.floor(box.x * s); x < Math.min(img.width, (box.x + box.w) * s); x++) {
      const o = (y * img.width + x) * 3;
      if (
        Math.abs(img.rgb[o]! - r) + Math.abs(img.rgb[o + 1]! - g) + Math.abs(img.rgb[o + 2]! - b) <=
        tolerance
      )
        n++;
    }
  }
  return n;
}

function text(pdf: string): string {
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout.replace(/\s+/g, ' ');
}

const INK = '#1f4e79';
const BREAK = '#b03a2e';
const OUTLINE = '#9a9a9a';
const ACCENT = '#d35400';
const GREY = '#8c8c8c';
// A4 in points: the map stands top right, under the page head; charts fill the middle of the page.
const MAP_AREA = { x: 330, y: 90, w: 230, h: 170 };
const CHART_AREA = { x: 40, y: 250, w: 520, h: 330 };

describe(
  'pictures on the real release PDFs',
  { skip: hasPoppler ? false : 'poppler-utils (pdftoppm) is not installed' },
  () => {
    let data = '';
    before(async () => {
      const { releasesDir, revision } = await realRelease();
      data = join(releasesDir, revision, 'data');
    });

    test('a region brief with a border change shows its locator map and trend charts with the break rule', () => {
      const pdf = join(data, 'region-briefs/east-kazakhstan.pdf');
      const img = render(pdf, 'region-brief-east-kazakhstan');
      assert.ok(count(img, MAP_AREA, INK) > 300, 'the region is filled on the locator map');
      assert.ok(count(img, MAP_AREA, OUTLINE) > 300, 'the other regions are drawn in outline');
      assert.ok(count(img, MAP_AREA, ACCENT, 90) > 4, 'the administrative centre is marked');
      assert.ok(count(img, CHART_AREA, INK) > 300, 'the region series are drawn');
      assert.ok(count(img, CHART_AREA, BREAK) > 100, 'the 2022 border change is drawn as a rule');
      const t = text(pdf);
      assert.match(t, /East Kazakhstan/);
      assert.match(t, /series break/);
      assert.match(t, /Gross regional product .*\(preliminary\) · 2023/);
      assert.match(t, /Oskemen|Өскемен/);
    });

    test('an indicator passport with a currency break shows the national series and the ranked regions', () => {
      const pdf = join(data, 'indicator-passports/grp.pdf');
      const img = render(pdf, 'indicator-passport-grp');
      assert.ok(
        count(img, { x: 40, y: 200, w: 520, h: 130 }, INK) > 150,
        'the national series is drawn',
      );
      assert.ok(
        count(img, { x: 40, y: 200, w: 520, h: 130 }, BREAK) > 100,
        'the breaks are drawn as rules',
      );
      assert.ok(
        count(img, { x: 150, y: 330, w: 300, h: 200 }, INK) > 2000,
        'the regions are drawn as bars',
      );
      const t = text(pdf);
      assert.match(t, /1993 currency/);
      assert.match(t, /Not plotted \(another unit, see notes\): 1990, 1991, 1992/);
      assert.match(t, /120,561,096\.4 mln KZT \(preliminary\)/);
      assert.match(t, /120 561 096,4 млн тенге/);
    });

    test('the passport of an indicator with breakdowns splits the national series by sex and by urban/rural', () => {
      const pdf = join(data, 'indicator-passports/life_expectancy.pdf');
      const img = render(pdf, 'indicator-passport-life-expectancy');
      const splits = { x: 40, y: 345, w: 520, h: 85 };
      const halves = [
        { ...splits, w: 250 },
        { ...splits, x: 300, w: 260 },
      ];
      for (const half of halves) {
        assert.ok(count(img, half, INK) > 60, 'the first breakdown (female; urban) is drawn');
        assert.ok(
          count(img, half, GREY, 20) > 40,
          'the second breakdown (male; rural) is drawn in grey',
        );
      }
      const t = text(pdf);
      // the Bureau gives urban and rural life expectancy only within each sex: the split says which
      assert.match(t, /Kazakhstan by sex and by urban\/rural \(female\), years/);
      for (const key of ['Female', 'Male', 'Urban', 'Rural'])
        assert.match(t, new RegExp(`\\b${key}\\b`), `the key names ${key}`);
      assert.match(t, /Regions, 2022 \(years\)/, 'the ranked regions still follow');
      // an indicator with one dimension splits by it alone, without a qualifier
      assert.match(
        text(join(data, 'indicator-passports/general_education_schools.pdf')),
        /Kazakhstan by urban\/rural, units/,
      );
      // an indicator without breakdowns has no split
      assert.doesNotMatch(text(join(data, 'indicator-passports/grp.pdf')), /Kazakhstan by /);
    });

    test('a media card shows its series as a sparkline with its own period highlighted', () => {
      const pdf = join(data, 'media-kit/grp-kz-35.pdf');
      const img = render(pdf, 'media-card-grp-kz-35');
      const spark = { x: 40, y: 200, w: 520, h: 130 };
      assert.ok(count(img, spark, INK) > 150, 'the series is drawn');
      assert.ok(count(img, spark, ACCENT, 90) > 4, 'the card period is highlighted');
      assert.match(text(pdf), /The series, 2023 highlighted/);
    });

    test(
      'the pages with pictures are still valid one-page PDFs',
      { skip: hasQpdf ? false : 'qpdf is not installed' },
      () => {
        for (const f of [
          'region-briefs/east-kazakhstan.pdf',
          'indicator-passports/grp.pdf',
          'indicator-passports/life_expectancy.pdf',
          'media-kit/grp-kz-35.pdf',
        ]) {
          const out = spawnSync('qpdf', ['--check', join(data, f)], { encoding: 'utf8' });
          assert.equal(out.status, 0, `${f}: ${out.stdout}${out.stderr}`);
          assert.match(out.stdout, /No syntax or stream encoding errors/);
          assert.match(
            spawnSync('qpdf', ['--show-npages', join(data, f)], { encoding: 'utf8' }).stdout,
            /^1\s*$/,
          );
        }
      },
    );
  },
);
