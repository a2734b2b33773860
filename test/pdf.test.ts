// One-page PDFs of docs/interface.md §2.2 (indicator passports, media-kit cards, region briefs): real A4 PDFs,
// one page, embedded DejaVu font, extractable Kazakh Cyrillic, byte-identical across builds.
// Figures below are copied from the pinned snapshots (bns/*.csv, reference/regions_crosswalk.csv, 2024 rows).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import type { Feature, Polygon } from 'geojson';
import type { TrendChartInput } from '../src/publish/pdf/chart-inputs.js';
import {
  renderIndicatorPassport,
  renderObservationCard,
  renderRegionBrief,
  type IndicatorPassportInput,
  type ObservationCardInput,
  type RegionBriefInput,
} from '../src/publish/pdf/index.js';
import { PdfRenderPool } from '../src/publish/pdf/render-pool.js';
import { tempDir } from './support/temp-dir.js';

const builtAt = new Date('2025-06-01T00:00:00Z');
const common = {
  revision: '0123456789abcdef',
  builtAt,
  attribution:
    'Source data: Bureau of National Statistics (stat.gov.kz); boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0',
  citation: {
    text: 'Cite as: Dala (2025). Fixture page [PDF]. Data revision 0123456789abcdef, built 2025-06-01.',
    permalink: 'https://data.example.kz/d/0123456789abcdef/data/fixture.pdf',
  },
};
const karaganda = { kk: 'Қарағанды облысы', ru: 'Карагандинская область', en: 'Karaganda Region' };

/** An annual series for the fixtures: `values[i]` is the value of `from + i`. */
function annual(
  from: number,
  values: (number | null)[],
  unit: string,
  status: (i: number) => 'final' | 'preliminary' = () => 'final',
) {
  return values.map((value, i) => ({
    period: String(from + i),
    period_start: `${from + i}-01-01`,
    period_end: `${from + i}-12-31`,
    value,
    status: status(i),
    unit,
  }));
}
function trend(
  unit: string,
  values: (number | null)[],
  national: (number | null)[] | null,
  highlight: string | null = null,
): TrendChartInput {
  return {
    title: 'fixture',
    unit,
    decimals: 1,
    main: { label: 'Karaganda Region', points: annual(2015, values, unit) },
    comparison: national
      ? { label: 'Kazakhstan', points: annual(2015, national, unit), axis: 'right' }
      : null,
    breaks: [{ at: '2022-01-01', label: '2022 borders' }],
    highlight,
    position: 'middle',
  };
}
const square = (x: number, y: number): Feature<Polygon, { iso: string }> => ({
  type: 'Feature',
  properties: { iso: `KZ-${x}${y}` },
  // Clockwise on the sphere, as d3-geo takes an exterior ring.
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [60 + x, 45 + y],
        [60 + x, 46 + y],
        [61 + x, 46 + y],
        [61 + x, 45 + y],
        [60 + x, 45 + y],
      ],
    ],
  },
});

const passport: IndicatorPassportInput = {
  ...common,
  id: 'population',
  name: {
    kk: 'Орташа жылдық халық саны',
    ru: 'Среднегодовая численность населения',
    en: 'Average annual population',
  },
  unit: 'persons',
  frequency: 'annual',
  aggregation: 'sum',
  layer: 'demography',
  source: {
    title: 'Bureau of National Statistics',
    url: 'https://stat.gov.kz/',
    licence: 'official statistics; cite the Bureau',
  },
  bureau_table: '6576',
  series_breaks: ['Back-cast by the Bureau to the 2022 borders (Abai, Jetisu, Ulytau).'],
  notes: 'Regions sum to the national row exactly.',
  latest: {
    period: '2024',
    place_count: 20,
    national_value: 20158620.5,
    national_null_reason: null,
    national_status: 'final',
  },
  decimals: 1,
  split_charts: [],
  national_chart: trend(
    'persons',
    [17.5e6, 17.7e6, 18e6, 18.3e6, 18.6e6, 18.9e6, 19.1e6, 19.6e6, 19.9e6, 20158620.5],
    null,
  ),
  regions_chart: {
    title: 'Regions, 2024',
    unit: 'persons',
    decimals: 0,
    rows: [
      { label: 'Karaganda Region', value: 1134642, status: 'final', null_reason: null },
      { label: 'Abai Region', value: null, status: 'final', null_reason: 'not published for 2024' },
    ],
  },
};

const card: ObservationCardInput = {
  ...common,
  id: 'obs:unemployment_rate:KZ-35:2024',
  title: 'Unemployment rate, Karaganda Region, 2024',
  place_name: karaganda,
  indicator_name: { kk: 'Жұмыссыздық деңгейі', ru: 'Уровень безработицы', en: 'Unemployment rate' },
  value: 4.1,
  null_reason: null,
  unit: 'percent',
  period: '2024',
  status: 'final',
  source: { title: 'Bureau of National Statistics, table 102790', url: 'https://stat.gov.kz/' },
  content_hash: 'sha256:' + 'ab'.repeat(32),
  decimals: 1,
  sparkline: trend('percent', [4.5, 4.4, null, 4.9, 4.6, 4.3, 4.2, 4.3, 4.1, 4.1], null, '2024'),
};

const brief: RegionBriefInput = {
  ...common,
  iso: 'KZ-35',
  slug: 'karaganda',
  name: karaganda,
  official_name: karaganda,
  kind: 'region',
  admin_centre: { kk: 'Қарағанды', ru: 'Караганда', en: 'Karaganda' },
  area_km2: 241163,
  area_source: 'geokz 1.0.2 ADM1 boundary',
  indicators: [
    {
      name: 'Average annual population',
      value: 1134642,
      null_reason: null,
      unit: 'persons',
      period: '2024',
      status: 'final',
      source: 'BNS table 6576',
      decimals: 0,
      chart: trend(
        'persons',
        [1.38e6, 1.37e6, 1.37e6, 1.36e6, 1.36e6, 1.35e6, 1.35e6, 1.13e6, 1.13e6, 1134642],
        [17.5e6, 17.7e6, 18e6, 18.3e6, 18.6e6, 18.9e6, 19.1e6, 19.6e6, 19.9e6, 20.1e6],
      ),
    },
    {
      name: 'Employed population',
      value: 542.672,
      null_reason: null,
      unit: 'thousand persons',
      period: '2024',
      status: 'final',
      source: 'BNS table 102798',
      decimals: 3,
      chart: trend(
        'thousand persons',
        [690, 688, null, 680, 679, 677, 670, 540, 541, 542.672],
        null,
      ),
    },
    {
      name: 'Unemployment rate',
      value: 4.1,
      null_reason: null,
      unit: 'percent',
      period: '2024',
      status: 'final',
      source: 'BNS table 102790',
      decimals: 1,
      chart: trend(
        'percent',
        [4.5, 4.4, null, 4.9, 4.6, 4.3, 4.2, 4.3, 4.1, 4.1],
        [5, 5, null, 4.9, 4.8, 4.9, 4.9, 4.9, 4.7, 4.6],
      ),
    },
    {
      name: 'Gross regional product',
      value: null,
      null_reason: 'not yet published for 2024',
      unit: 'mln KZT',
      period: '2024',
      status: 'final',
      source: 'BNS GRP table',
      decimals: 1,
      chart: trend('mln KZT', [null, null, null], null),
    },
  ],
  map: {
    regions: [square(0, 0), square(1, 0), square(0, 1), square(1, 1)],
    highlight_iso: 'KZ-10',
    centre: [61.5, 45.5],
    centre_label: 'Karaganda',
  },
  institutions: ['Akimat of Karaganda Region · Қарағанды облысының әкімдігі'],
  sources: ['Bureau of National Statistics (stat.gov.kz)', 'geokz 1.0.2, CC BY 4.0'],
};

const renderers = [
  {
    kind: 'indicator passport',
    render: () => renderIndicatorPassport(passport),
    at: (d: Date) => renderIndicatorPassport({ ...passport, builtAt: d }),
  },
  {
    kind: 'observation card',
    render: () => renderObservationCard(card),
    at: (d: Date) => renderObservationCard({ ...card, builtAt: d }),
  },
  {
    kind: 'region brief',
    render: () => renderRegionBrief(brief),
    at: (d: Date) => renderRegionBrief({ ...brief, builtAt: d }),
  },
];

function pageCount(pdf: Buffer): number {
  // Page objects are plain dictionaries (only streams are deflated); /Type /Pages is the tree root.
  return (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
}

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const noPdftotext = hasPdftotext
  ? false
  : 'pdftotext (poppler-utils) is not installed: text extraction not checked';

function extractText(pdf: Buffer): string {
  const dir = tempDir('dala-pdf-');
  try {
    const file = join(dir, 'page.pdf');
    writeFileSync(file, pdf);
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    return out.stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const r of renderers) {
  describe(r.kind, () => {
    test('is a one-page PDF with the DejaVu font embedded', async () => {
      const pdf = await r.render();
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal(pageCount(pdf), 1);
      assert.match(pdf.toString('latin1'), /\/FontFile2 \d+ 0 R/);
      assert.match(pdf.toString('latin1'), /\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
      assert.doesNotMatch(pdf.toString('latin1'), /Helvetica/);
    });

    test('two renders of the same input are byte-identical', async () => {
      const [a, b] = await Promise.all([r.render(), r.render()]);
      assert.ok(a.equals(b));
    });

    test('the build date sets CreationDate and ModDate, so another build date changes the bytes', async () => {
      const a = await r.render();
      const b = await r.at(new Date('2026-01-02T03:04:05Z'));
      assert.ok(!a.equals(b));
      assert.match(a.toString('latin1'), /\(D:20250601000000Z\)/);
      assert.match(b.toString('latin1'), /\(D:20260102030405Z\)/);
    });
  });
}

describe('determinism', () => {
  test('a card rendered alone in a fresh process equals one rendered after other pages here', async () => {
    // Guards against state carried between documents (font caches, counters): the lone render has
    // no history, the in-process one follows every render above.
    await renderIndicatorPassport(passport);
    await renderRegionBrief(brief);
    const here = await renderObservationCard(card);
    const index = fileURLToPath(new URL('../src/publish/pdf/index.ts', import.meta.url));
    const code = [
      `const { renderObservationCard } = await import(${JSON.stringify(index)});`,
      'const input = JSON.parse(process.argv[1]);',
      'input.builtAt = new Date(input.builtAt);',
      'process.stdout.write((await renderObservationCard(input)).toString("base64"));',
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code, JSON.stringify(card)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.ok(Buffer.from(child.stdout, 'base64').equals(here));
  });
});

describe('the render pool (worker threads)', () => {
  test('each page rendered on the pool equals the page rendered on this thread, whatever thread took it', async () => {
    const pool = new PdfRenderPool(2);
    try {
      const jobs = [
        { kind: 'indicator-passport', input: passport },
        { kind: 'observation-card', input: card },
        { kind: 'region-brief', input: brief },
        { kind: 'observation-card', input: card },
        { kind: 'indicator-passport', input: passport },
      ] as const;
      const pooled = await Promise.all(jobs.map((job, i) => pool.render(job, `page-${i}.pdf`)));
      const here = {
        'indicator-passport': await renderIndicatorPassport(passport),
        'observation-card': await renderObservationCard(card),
        'region-brief': await renderRegionBrief(brief),
      };
      jobs.forEach((job, i) =>
        assert.ok(pooled[i]!.equals(here[job.kind]), `${job.kind} (job ${i})`),
      );
    } finally {
      await pool.close();
    }
  });

  test('a page the pool cannot render fails with its path and the reason of its renderer', async () => {
    const pool = new PdfRenderPool(1);
    try {
      await assert.rejects(
        pool.render(
          { kind: 'observation-card', input: { ...card, value: null, null_reason: null } },
          'media-kit/bad.pdf',
        ),
        /data\/media-kit\/bad\.pdf: observation card obs:unemployment_rate:KZ-35:2024: field value is null without a null_reason/,
      );
      // the thread goes on with the next page
      assert.equal(
        pageCount(
          await pool.render({ kind: 'observation-card', input: card }, 'media-kit/good.pdf'),
        ),
        1,
      );
    } finally {
      await pool.close();
    }
  });
});

describe('text on the page', () => {
  test(
    'Kazakh Cyrillic, the figures and the footer are extractable',
    { skip: noPdftotext },
    async () => {
      const text = extractText(await renderRegionBrief(brief));
      assert.match(text, /Қарағанды облысы/);
      assert.match(text, /Қарағанды облысының әкімдігі/);
      assert.match(text, /1,134,642 persons · 2024/); // the latest value with its unit and period
      assert.match(text, /— \(not yet published for 2024\)/);
      assert.match(
        text,
        /Data content hash 0123456789abcdef \(sources, not the release revision\) · built 2025-06-01T00:00:00Z/,
      );
      assert.match(text, /primary source/);
      assert.match(text, /бастапқы дереккөзден/);
      const cardText = extractText(await renderObservationCard(card));
      assert.match(cardText, /4\.1 %/);
      assert.match(cardText, /4,1 %/); // kk and ru write a decimal comma
      assert.match(cardText, /Жұмыссыздық деңгейі/);
    },
  );

  test('a missing value is printed as — (reason), never as 0', { skip: noPdftotext }, async () => {
    const text = extractText(
      await renderObservationCard({
        ...card,
        value: null,
        null_reason: 'not published by the Bureau',
      }),
    );
    assert.match(text, /— \(not published by the Bureau\)/);
    assert.doesNotMatch(text, /\b0 percent/);
  });

  test('overlong inputs are cut with an ellipsis and stay on one page', async () => {
    const long = 'Өте ұзын мәтін қағаз бетіне сыймайды. '.repeat(400);
    const many = Array.from(
      { length: 120 },
      (_, i) => `Institution ${i + 1}: ${long.slice(0, 80)}`,
    );
    const pages = [
      await renderIndicatorPassport({
        ...passport,
        notes: long,
        series_breaks: many,
        name: { ...passport.name, en: long },
      }),
      await renderObservationCard({
        ...card,
        title: long,
        source: { title: long, url: 'https://stat.gov.kz/' + 'x'.repeat(3000) },
      }),
      await renderRegionBrief({
        ...brief,
        indicators: Array.from({ length: 80 }, (_, i) => ({
          ...brief.indicators[0]!,
          name: `Indicator ${i + 1} ${long.slice(0, 120)}`,
        })),
        institutions: many,
        sources: many,
      }),
    ];
    for (const pdf of pages) assert.equal(pageCount(pdf), 1);
    if (hasPdftotext) {
      const text = extractText(pages[2]!);
      assert.match(text, /…/);
      assert.match(text, /more indicators not drawn/);
      // Later sections and the footer keep their room however long the table is.
      assert.match(text, /Institutions • Institution 1/);
      assert.match(text, /Sources • Institution 1/);
      assert.match(text, /Data content hash 0123456789abcdef/);
      assert.match(extractText(pages[0]!), /Notes Өте ұзын/);
    }
  });
});

describe('bad input', () => {
  test('a null value without a reason is refused, naming the page and the field', async () => {
    await assert.rejects(
      renderObservationCard({ ...card, value: null, null_reason: null }),
      /observation card obs:unemployment_rate:KZ-35:2024: field value is null without a null_reason/,
    );
    await assert.rejects(
      renderRegionBrief({ ...brief, indicators: [{ ...brief.indicators[0]!, value: Number.NaN }] }),
      /region brief KZ-35: field indicators\[0\]\.value must be a finite number/,
    );
  });

  test('an invalid build date is refused', async () => {
    await assert.rejects(
      renderIndicatorPassport({ ...passport, builtAt: new Date('nope') }),
      /field builtAt must be a valid Date/,
    );
  });
});
