// The words the explorer prints beside every value and under every chart, for every series of the real
// release it offers (the Bureau's, the National Bank's and the SDG platform's): each unit has a name in
// Kazakh, Russian and English (src/lib/units.ts), none of them a code (PT, PER_100000_POP) or another
// language's words, and each source is titled by its publisher in the reader's language (shown.ts sourceIn). The
// browser tests read a few views; every unit and source is checked here, where it costs no browser.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Dataset } from '../web/src/api.js';
import { translator } from '../web/src/i18n.js';
import { metricsOf } from '../web/src/indicator-choice.js';
import { sourceIn } from '../web/src/source-title.js';
import { knownUnit, unitName } from '../src/lib/units.js';
import { servedRealRelease } from './support/real-app.js';

// A word of the Latin script (a chemical formula such as CO₂ aside), and an SDMX-style code.
const LATIN = /(?<![A-Za-z])(?!CO₂)[A-Za-z]{2,}/;
const CODE = /[A-Z]{2,}_|_[A-Z0-9]+\b|^[A-Z]{2,}$/;
const CYRILLIC = /\p{Script=Cyrillic}/u;

describe('the units and sources of every series the explorer offers', () => {
  const served = servedRealRelease();

  test('every unit is named in kk, ru and en, in words of that language and never as a code', async () => {
    const metrics = metricsOf(await served.json('/api/timemachine/layers'));
    assert.ok(metrics.length >= 2000, `${metrics.length} series`);
    const units = new Map(metrics.map((m) => [m.unit, m.id]));
    const unnamed = [...units].filter(([u]) => !knownUnit(u));
    assert.deepEqual(unnamed, [], 'units with no name (unit, a series of it)');
    for (const unit of units.keys())
      for (const n of [undefined, 1, 2, 5, 2.5]) {
        const en = unitName('en', unit, n);
        assert.doesNotMatch(en, CODE, `${unit} in en`);
        assert.doesNotMatch(en, CYRILLIC, `${unit} in en`);
        for (const lang of ['ru', 'kk'] as const)
          assert.doesNotMatch(unitName(lang, unit, n), LATIN, `${unit} in ${lang}`);
      }
    // Russian agrees with the number: 1 день, 2 дня, 5 дней
    assert.deepEqual(
      [1, 2, 5].map((n) => unitName('ru', 'days', n)),
      ['день', 'дня', 'дней'],
    );
  });

  test('every source is titled by its publisher in kk and ru, and a source of several indicators by the one shown', async () => {
    const metrics = metricsOf(await served.json('/api/timemachine/layers'));
    const catalog = (await served.json('/data/dataset-catalog.json')) as { datasets: Dataset[] };
    const sources = new Map(
      catalog.datasets.flatMap((d) => d.sources.map((s) => [s.id, s] as const)),
    );
    const ids = [...new Set(metrics.map((m) => m.source_id))];
    assert.ok(ids.length >= 80, `${ids.length} sources`);
    for (const lang of ['ru', 'kk'] as const) {
      const titleOf = sourceIn(lang, translator(lang), sources, metrics);
      for (const id of ids) {
        // the publisher, then the indicator's name as the release gives it (which may keep an acronym)
        const title = titleOf(id).title;
        assert.notEqual(title, sources.get(id)?.title, `${id} in ${lang}`);
        assert.doesNotMatch(title.split(': ')[0]!, LATIN, `${id} in ${lang}: ${title}`);
      }
    }
    // a source of several indicators is named by the one shown, never by another of them
    const ru = sourceIn('ru', translator('ru'), sources, metrics);
    const homicide = metrics.find((m) => m.id === 'sdg_16_1_1')!;
    assert.equal(
      ru(homicide.source_id, homicide.id).title,
      `Национальная платформа отчётности по ЦУР Казахстана: ${homicide.name_ru}`,
    );
    assert.equal(
      ru('bns-dyn-gdp-per-capita', 'gdp_current_usd').title,
      `Бюро национальной статистики АСПиР РК: ${metrics.find((m) => m.id === 'gdp_current_usd')!.name_ru}`,
    );
    assert.equal(ru('bns-dyn-gdp-per-capita').title, 'Бюро национальной статистики АСПиР РК');
  });
});
