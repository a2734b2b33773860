// The explorer's exports and a journalist's controls in a real browser, at desktop size and at 375 px,
// through the production app over the real release: pictures that say what they are once they leave the
// page, an embed that sizes itself, a time range down to a month, change since a base year, breakdowns
// side by side, honest axes, a link to copy, search that opens an indicator, regions by keyboard, and a
// date slider that steps by month without asking the server again.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { download, startExplorer, type Explorer } from './support/explorer.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-controls');
const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];

interface SeriesAnswer {
  series: {
    place: string;
    points: { period: string; period_start: string; value: number | null }[];
  }[];
}

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

/** The SVG a figure's download button gives (`tools`: the figure's .view-tools). */
const svgText = async (page: Page, tools: string) =>
  (await download(page, () => page.locator(`${tools} button.svg`).click())).body.toString('utf8');
/** A picture's title, its wrapped lines joined. */
const titleOf = (svg: string) =>
  [...svg.matchAll(/class="title"[^>]*>([^<]*)</g)].map((m) => m[1]).join(' ');

describe('exports and controls', { timeout: 900_000 }, () => {
  test('every downloaded picture carries its title, place, breakdown, period, key, notes and source', async () => {
    for (const size of SIZES) {
      const page = await ex.open(
        '#lang=en&metric=life_expectancy&sex=F&region=KZ-35&compare=KZ-35,KZ-75',
        size,
      );
      const compare = await svgText(page, '.compare .view-tools');
      assert.equal(titleOf(compare), 'Life expectancy at birth, women');
      for (const place of ['Karaganda Region', 'Almaty'])
        assert.match(
          compare,
          new RegExp(`<g class="key"[^]*?>${place}<`),
          `the key names ${place}`,
        );
      assert.match(compare, /Period: \d{4}–\d{4} · years/);
      assert.match(compare, /Source: Life expectancy at birth/);
      for (const b of await page.locator('.figure-compare ul.breaks li').allInnerTexts())
        assert.ok(compare.includes(b.split(' ').slice(0, 4).join(' ')), `the picture notes ${b}`);
      assert.ok(compare.includes(ex.revision));
      const region = await svgText(page, '.figure-region .view-tools');
      assert.equal(titleOf(region), 'Life expectancy at birth, women in Karaganda Region');
      const map = await svgText(page, '.view-tools[data-view="map"]');
      const legend = await page.locator('.legend ul li').allInnerTexts();
      for (const label of legend.filter((l) => /\d/.test(l)))
        assert.ok(map.includes(`>${label}<`), `the map picture's key has ${label}`);
      assert.equal(titleOf(map), 'Life expectancy at birth, women');
      assert.match(map, /Source: Life expectancy/);
      const png = (
        await download(page, () => page.locator('.compare .view-tools button.png').click())
      ).body;
      const width = Number(/<svg[^>]* width="(\d+)"/.exec(compare)![1]);
      assert.equal(png.readUInt32BE(16), 2 * width, 'the PNG is the SVG at twice its size');
      await page.close();
    }
  });

  test('the embed is drawn at its frame’s width and sizes the frame to itself from 320 px up, without the API links', async () => {
    const page = await ex.open('#lang=en&metric=unemployment_rate&compare=KZ-71,KZ');
    const compare = await page.locator('#compare-embed').inputValue();
    const map = await page.locator('#map-embed').inputValue();
    await page.close();
    const newsroom = createServer((req, res) => {
      const w = /w=(\d+)/.exec(req.url!)?.[1];
      if (!w) return void res.writeHead(404).end();
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Article</title><div style="width:${w}px">${req.url!.includes('map') ? map : compare}</div>`,
        );
    });
    await new Promise<void>((ok) => newsroom.listen(0, '127.0.0.1', ok));
    after(() => newsroom.close());
    const port = (newsroom.address() as AddressInfo).port;
    for (const kind of ['compare', 'map'])
      for (const w of [320, 375, 720, 1024]) {
        const host = await ex.context.newPage();
        await host.setViewportSize({ width: Math.max(w + 40, 360), height: 900 });
        await host.goto(`http://127.0.0.1:${port}/${kind}?w=${w}`);
        const frame = host.frameLocator('iframe');
        await frame.locator(kind === 'map' ? 'svg.map' : 'svg.compare-chart').waitFor();
        // the frame grows to the page it holds: nothing is cut off
        // the frame grows to the page it holds: nothing is cut off (the frame is another origin:
        // its height is read inside it)
        for (let tries = 0; ; tries++) {
          const inner = await frame.locator('html').evaluate((e) => e.scrollHeight);
          const outer = await host
            .locator('iframe')
            .evaluate((f) => f.getBoundingClientRect().height);
          if (Math.abs(inner - outer) <= 2) break;
          assert.ok(tries < 40, `frame ${outer} px for a page of ${inner} px at ${w}`);
          await host.waitForTimeout(100);
        }
        assert.equal(await frame.locator('.api-links, header, nav').count(), 0, 'the chart alone');
        assert.ok(await frame.locator('.embed-credit').isVisible());
        if (kind === 'compare') {
          // drawn at its width: its 12 px text is 12 px on screen
          const scale = await frame.locator('svg.compare-chart').evaluate((s) => {
            const vb = s.getAttribute('viewBox')!.split(' ').map(Number);
            return s.getBoundingClientRect().width / vb[2]!;
          });
          assert.ok(Math.abs(scale - 1) < 0.02, `scale ${scale} at ${w}`);
        }
        await ex.shot(host, `02-embed-${kind}-${w}`);
        await host.close();
      }
  });

  test('a time range down to one month, change since a base period and men and women side by side live in the link', async () => {
    const usd = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=usd_kzt_rate');
    const august = usd.series[0]!.points.filter(
      (p) => p.period.startsWith('2023-08') && p.value !== null,
    );
    for (const size of SIZES) {
      const page = await ex.open('#lang=en&metric=usd_kzt_rate', size);
      const fig = page.locator('.figure-national');
      await fig.locator('select.range-from').selectOption('2023-08-01');
      await fig.locator('select.range-to').selectOption('2023-08-31');
      await page.waitForFunction(
        () => location.hash.includes('from=2023-08-01') && location.hash.includes('to=2023-08-31'),
      );
      assert.equal(await fig.locator('svg.chart path.dot').count(), august.length);
      assert.match(
        await fig.locator('.figure-span').innerText(),
        new RegExp(`${Number(august[0]!.period.slice(8))} August 2023 – 31 August 2023`),
      );
      await page.close();
    }
    const grp = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=grp');
    const karaganda = grp.series.find((s) => s.place === 'KZ-35')!.points;
    const page = await ex.open('#lang=en&metric=grp&compare=KZ-35&index=2010');
    const fig = page.locator('.figure-compare');
    await fig.locator('.chart-box').focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 40; i++) {
      if ((await fig.locator('.readout strong').innerText()) === '2010') break;
      await page.keyboard.press('ArrowRight');
    }
    assert.match(await fig.locator('.readout li').innerText(), /^100 index, 2010 = 100/);
    const y2015 = karaganda.find((p) => p.period === '2015')!.value!;
    const y2010 = karaganda.find((p) => p.period === '2010')!.value!;
    await page.keyboard.press('End');
    assert.match(await fig.locator('.figure-title').innerText(), /index, 2010 = 100/);
    assert.ok(y2015 > y2010);
    await page.close();
    const split = await ex.open('#lang=en&metric=life_expectancy&region=KZ-35&split=sex');
    const names = await split
      .locator('.figure-region svg.chart g.place-line')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-key')));
    assert.equal(names.length, 2, names.join());
    assert.match(
      await split.locator('.figure-region .readout').innerText(),
      /, Male: [^]*, Female: /,
    );
    await split.close();
  });

  test('axes read honestly: regular year ticks, zero kept only when the values are near it, and lines labelled at their ends', async () => {
    for (const size of SIZES) {
      const page = await ex.open('#lang=en&metric=life_expectancy&region=KZ-35', size);
      const chart = page.locator('.figure-region svg.chart');
      await chart.waitFor();
      const years = (await chart.locator('.tick-x').allTextContents()).map(Number);
      const steps = new Set(years.slice(1).map((y, i) => y - years[i]!));
      assert.equal(steps.size, 1, `one step between year ticks: ${years}`);
      assert.match(
        await chart.locator('.axis-unit').textContent().then(String),
        /the axis starts at [1-9]/,
      );
      assert.equal(await chart.locator('text.line-end').count(), 1);
      await page.close();
    }
    // GRP rises from near zero: the axis keeps it
    const counts = await ex.open('#lang=en&metric=grp&region=KZ-35');
    assert.doesNotMatch(
      await counts.locator('.figure-region .axis-unit').textContent().then(String),
      /starts at/,
    );
    await counts.close();
  });

  test('a link to the view is copied by a button, search opens an indicator, and the map regions work by keyboard', async () => {
    await ex.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const size of SIZES) {
      const page = await ex.open('#lang=ru&metric=grp&compare=KZ-35', size);
      await page.locator('#page-copy').click();
      await page
        .locator('.copy-link [role=status]', { hasText: 'Ссылка скопирована' })
        .first()
        .waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());

      await page.fill('#q', 'безработица');
      await page.press('#q', 'Enter');
      await page.locator('.search-results button.open-indicator').first().click();
      await page.waitForFunction(() => /metric=unemployment_rate/.test(location.hash));
      assert.match(await page.locator('#metric').inputValue(), /^unemployment_rate/);

      await page.locator('#metric-find').focus();
      let reached = '';
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.getAttribute('data-iso') ?? '');
      }
      assert.match(reached, /^KZ-\d\d$/, 'a map region is reached by Tab');
      await page.keyboard.press('Enter');
      await page.locator(`.panel[data-region="${reached}"]`).waitFor();
      await page.close();
    }
  });

  test('the date slider of a daily rate steps by month, a day field reaches any day, and no step asks the server', async () => {
    const usd = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=usd_kzt_rate');
    const points = usd.series[0]!.points;
    const months = new Set(points.map((p) => p.period.slice(0, 7))).size;
    const page = await ex.open('#lang=en&metric=usd_kzt_rate');
    assert.equal(Number(await page.locator('#date').getAttribute('max')), months - 1);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.locator('#date').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => location.hash.includes('date='));
    const day = points[Math.floor(points.length / 2)]!;
    await page.locator('#date-exact').fill(day.period);
    await page.waitForFunction((d) => location.hash.includes(`date=${d}`), day.period);
    assert.match(
      await page.locator('section.national .period').innerText(),
      new RegExp(String(Number(day.period.slice(8)))),
    );
    assert.deepEqual(asked, [], 'a step of the slider asks the server for nothing');
    await page.close();
  });
});
