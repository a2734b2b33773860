// The explorer's words, weight and accessibility in a real browser, at desktop size and at 375 px,
// through the production app over the real release: the indicator picker by topic with type-ahead in
// kk, ru and en; no English left in the kk and ru views (units, sources, the catalog, the changes, the
// date hint), plurals and months, quarters and school years in the reader's words; the map view's first
// load within 150 KB compressed; and no serious or critical axe finding in any view.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startExplorer, type Explorer } from './support/explorer.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-language');
const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

/** Opens every disclosure-free text of the page: what a reader sees without opening anything. */
const visibleText = (page: Page) => page.locator('body').innerText();

// English a kk or ru reader must not meet: unit words, the publishers, status words, labels, the links
// to the data and the API, an ISO date, and an indicator named by its bare id.
const ENGLISH =
  /\b(years?|persons?|people|thousand|million|tonnes|KZT|USD|tenge|percent|count|preliminary|final|estimate|Series break|Source|Period|Bureau|Statistics|National Bank|January|September|What changed|Datasets|dataset catalog|API docs|per)\b|\bbns-[a-z-]+|\b\d{4}-\d{2}-\d{2}\b|(?<![/\w.-])[a-z]+(_[a-z0-9]+)+\b/;

describe('words, weight and accessibility', { timeout: 900_000 }, () => {
  test('the indicator picker groups indicators by topic and finds them by typing in any of kk, ru and en', async () => {
    for (const size of SIZES) {
      const page = await ex.open('#lang=en', size);
      // the picker lists every topic once the reader opens it
      await page.locator('#metric').focus();
      await page.waitForFunction(() => document.querySelectorAll('#metric optgroup').length > 2);
      const groups = await page
        .locator('#metric optgroup')
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
      // the groups are the release's topic scheme (/api/v1/topics), in its order and the reader's language
      assert.deepEqual(
        groups.slice(0, 2),
        ['Population and demography', 'Labour market and employment'],
        groups.join(),
      );
      for (const [typed, id] of [
        ['безработ', 'unemployment_rate'],
        ['жұмыссыздық', 'unemployment_rate'],
        ['life expect', 'life_expectancy'],
      ] as const) {
        await page.fill('#metric-find', typed);
        const option = page.locator(`#metric-options [role=option][data-id="${id}"]`);
        await option.waitFor();
        assert.ok(
          (await page.locator('#metric-options [role=group]').count()) >= 1,
          'the matches are grouped by topic',
        );
        await page.locator('#metric-find').press('ArrowDown');
        while (
          (await page.locator('#metric-find').getAttribute('aria-activedescendant')) !== `opt-${id}`
        )
          await page.locator('#metric-find').press('ArrowDown');
        await page.locator('#metric-find').press('Enter');
        await page.waitForFunction((m) => location.hash.includes(`metric=${m}`), id);
        assert.equal(await page.locator('#metric').inputValue(), id);
      }
      await page.close();
    }
    const kk = await ex.open('#lang=kk', SIZES[0]!);
    await kk.locator('#metric').focus();
    await kk.waitForFunction(() => document.querySelectorAll('#metric optgroup').length > 2);
    const kkGroups = await kk
      .locator('#metric optgroup')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    assert.ok(kkGroups.includes('Еңбек нарығы және жұмыспен қамту'), kkGroups.join());
    assert.ok(kkGroups.includes('Денсаулық сақтау'), kkGroups.join());
    await kk.close();
  });

  test('no English is left in the kk and ru views, and counts, units and periods follow the reader’s grammar', async () => {
    const views = [
      '#metric=usd_kzt_rate',
      '#metric=employed_monthly_estimate&region=KZ-75',
      '#metric=cpi_prev_month&compare=KZ',
      '#metric=grp&region=KZ-63&compare=KZ-63,KZ',
      '#metric=life_expectancy&region=KZ-35&split=sex',
      '#metric=general_education_schools&region=KZ-75',
      '#metric=hospital_organisations&per=1000&region=KZ-63',
      '#tab=catalog',
      '#tab=changes',
    ];
    for (const lang of ['ru', 'kk'])
      for (const size of SIZES)
        for (const v of views) {
          const page = await ex.open(`#lang=${lang}&${v.slice(1)}`, size);
          if (v.includes('catalog')) await page.locator('li.dataset').first().waitFor();
          if (v.includes('changes')) await page.locator('#changes-heading').waitFor();
          if (v.includes('region=')) {
            await page.locator('.panel table.latest').waitFor();
            await page.waitForLoadState('networkidle');
          }
          const text = await visibleText(page);
          const hit = ENGLISH.exec(text);
          assert.equal(
            hit,
            null,
            `${lang} ${v} at ${size.width}: "${hit?.[0]}" in …${text.slice(Math.max(0, (hit?.index ?? 0) - 60), (hit?.index ?? 0) + 40)}…`,
          );
          await page.close();
        }
    const ru = await ex.open('#lang=ru&metric=life_expectancy&region=KZ-35');
    assert.match(await ru.locator('.panel .current .big').innerText(), /^\d+,\d+ года/);
    await ru.close();
    const cpi = await ex.open('#lang=ru&metric=cpi_prev_month');
    assert.match(
      await cpi.locator('.date-out').innerText(),
      /^(январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь) \d{4} г\.$/,
    );
    await cpi.close();
    const schools = await ex.open('#lang=kk&metric=general_education_schools');
    assert.match(await schools.locator('.date-out').innerText(), /^\d{4}\/\d{2} оқу жылы$/);
    await schools.close();
    const quarters = await ex.open('#lang=ru&metric=unemployment_rate_quarterly');
    assert.match(await quarters.locator('.date-out').innerText(), /^(I|II|III|IV) квартал \d{4}$/);
    await quarters.close();
    const search = await ex.open('#lang=ru&q=%D0%A8%D1%8B%D0%BC%D0%BA%D0%B5%D0%BD%D1%82');
    await search.locator('.search-results [role=status]').waitFor();
    assert.match(
      await search.locator('.search-results [role=status]').innerText(),
      /найден(о)? \d+ результат(а|ов)?\.$/,
    );
    assert.doesNotMatch(
      await search.locator('.search-results [role=status]').innerText(),
      /1 результатов/,
    );
    await search.close();
  });

  test('the map view’s first load is at most 150 KB compressed: drawing-size regions, the series shown and no snapshot of every layer', async () => {
    const page = await ex.context.newPage();
    const cdp = await ex.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytes = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(`${ex.base}/#lang=en`);
    await page.waitForSelector('html[data-ready]');
    await page.locator('svg.map path.region').first().waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = [...bytes].map(([id, n]) => ({ url: urls.get(id)!.replace(ex.base, ''), n }));
    const total = loaded.reduce((s, r) => s + r.n, 0);
    await ex.shot(page, '03-first-load');
    await writeFile(
      join(ARTIFACTS, 'first-load.json'),
      JSON.stringify({ total_bytes: total, requests: loaded }, null, 2) + '\n',
    );
    assert.ok(total <= 150 * 1024, `${total} bytes: ${JSON.stringify(loaded)}`);
    assert.ok(loaded.some((r) => r.url === '/data/geo/kz_adm1_drawing.geojson'));
    assert.ok(!loaded.some((r) => r.url.startsWith('/data/kz_adm1_current.geojson')));
    assert.ok(
      !loaded.some((r) => r.url.startsWith('/api/timemachine/snapshot')),
      'no snapshot of every layer',
    );
    await page.close();
  });

  test('an SDG indicator, not listed at the first load, opens from the URL, and looking for another indicator lists every one', async () => {
    const topics = await ex.api<{ data: { kind: string; indicators: string[] }[] }>(
      '/api/v1/topics?limit=100',
    );
    const inDomain = new Set(
      topics.data.filter((t) => t.kind === 'domain').flatMap((t) => t.indicators),
    );
    const sdgOnly = topics.data
      .filter((t) => t.kind === 'sdg-goal')
      .flatMap((t) => t.indicators)
      .filter((i) => !inDomain.has(i));
    assert.ok(sdgOnly.length >= 100, `${sdgOnly.length} indicators of the SDG goals alone`);
    const id = sdgOnly[0]!.replace(/^indicator:/, '');
    const named = await ex.open(`#lang=en&metric=${id}`);
    assert.equal(await named.locator('#metric').inputValue(), id, 'the indicator the URL names');
    await named.close();
    const page = await ex.open('#lang=en');
    const listed = () => page.locator('#metric option').count();
    const first = await listed();
    assert.ok(first < sdgOnly.length, "the first load lists the shown indicator's topics only");
    // looking for another indicator lists the rest
    await page.locator('#metric-find').focus();
    await page.waitForFunction(
      (n) => document.querySelectorAll('#metric option').length >= n,
      first + new Set(sdgOnly).size,
    );
    await page.close();
  });

  test('axe-core finds no serious or critical violation in any view, at desktop size and at 375 px', async () => {
    const views: [string, string][] = [
      ['/', '#lang=en&metric=grp&region=KZ-75&compare=KZ-75,KZ-71,KZ'],
      ['/', '#lang=kk&metric=usd_kzt_rate'],
      ['/', '#lang=ru&metric=hospital_organisations&per=1000&region=KZ-63&compare=KZ-35'],
      ['/', '#lang=en&metric=life_expectancy&region=KZ-35&split=sex&index=2010'],
      ['/', '#lang=ru&tab=catalog'],
      ['/', '#lang=kk&tab=changes'],
      ['/', '#lang=ru&q=%D0%B1%D0%B5%D0%B7%D1%80%D0%B0%D0%B1%D0%BE%D1%82%D0%B8%D1%86%D0%B0'],
      ['/embed', `#lang=kk&metric=grp&compare=KZ-75,KZ&rev=${ex.revision}`],
      ['/embed', `#lang=en&metric=population&rev=${ex.revision}`],
    ];
    for (const size of SIZES)
      for (const [path, hash] of views) {
        const page = await ex.open(hash, size, path);
        if (hash.includes('compare=')) await page.locator('svg.compare-chart').waitFor();
        if (hash.includes('tab=catalog')) await page.locator('li.dataset').first().waitFor();
        if (hash.includes('q=')) await page.locator('.search-results li').first().waitFor();
        if (path === '/' && !hash.includes('tab=')) {
          await page.fill('#metric-find', 'ва');
          await page.locator('#metric-options').waitFor();
        }
        const serious = await ex.seriousAxeViolations(page);
        assert.deepEqual(
          serious,
          [],
          `${path}${hash} at ${size.width}: ${JSON.stringify(serious)}`,
        );
        await page.close();
      }
  });
});
