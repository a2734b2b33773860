// The indicator picker's type-ahead and SDG numbers over the real release's ~1,800 indicators, as the
// explorer computes them (web/src/picker-match.ts, topics.ts) from the production app's answers: a name
// typed in Kazakh, Russian or English finds its indicator whatever the page's language, and an SDG
// indicator carries and is found by its own national number (16.1.1), not only its goal's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { indicatorsOf, metricsOf } from '../web/src/indicator-choice.js';
import { matchIndicators } from '../web/src/picker-match.js';
import { sdgOf } from '../web/src/topics.js';
import { servedRealRelease } from './support/real-app.js';

describe('finding one indicator among all of them', () => {
  const served = servedRealRelease();

  test('type-ahead in kk, ru and en, and by SDG number as any language writes it', async () => {
    const indicators = indicatorsOf(metricsOf(await served.json('/api/timemachine/layers')));
    const topics = (await served.json('/api/v1/topics?limit=100')).data;
    const sdg = sdgOf(topics);
    assert.ok(indicators.length >= 1500, `${indicators.length} indicators`);

    // every platform series has its national number under its goal; the Bureau's indicators in a goal have the goal's
    const platform = indicators.filter((m) => m.source_id === 'kazstat-sdg');
    assert.ok(platform.length >= 400, `${platform.length} of the platform`);
    for (const m of platform) assert.match(sdg(m) ?? '', /^\d{1,2}(\.[0-9a-z]{1,3}){2,3}$/, m.id);
    assert.equal(sdg(indicators.find((m) => m.id === 'sdg_16_1_1')!), '16.1.1');
    assert.equal(sdg(indicators.find((m) => m.id === 'sdg_16_10_1_1')!), '16.10.1.1');

    const finds = (q: string, id: string) => {
      for (const lang of ['kk', 'ru', 'en'] as const) {
        const found = matchIndicators(q, indicators, lang, sdg).map((m) => m.id);
        assert.ok(found.includes(id), `“${q}” in ${lang}: ${found.slice(0, 5).join(', ')}`);
      }
    };
    finds('безработ', 'unemployment_rate');
    finds('жұмыссыздық деңгейі', 'unemployment_rate');
    finds('life expect', 'life_expectancy');
    finds('ОЖИДАЕМАЯ продолжительность', 'life_expectancy');
    finds('16.1.1', 'sdg_16_1_1');
    finds('ЦУР 16.1.1', 'sdg_16_1_1');
    finds('тдм 16.1.1', 'sdg_16_1_1');
    finds('SDG 16.10.1.1', 'sdg_16_10_1_1');
    // the first word beginning the reader's own name ranks first
    assert.equal(
      matchIndicators('ожидаемая', indicators, 'ru', sdg)[0]?.id.startsWith('life_expectancy'),
      true,
    );
    assert.deepEqual(matchIndicators('zzzz-no-such', indicators, 'en', sdg), []);
  });
});
