// The indicator a link names, as the explorer chooses it (web/src/indicator-choice.ts) from the
// production app's list of the real release: one it offers is shown, whatever its topic; one it does
// not offer (a mistyped id, the daily event count, which is no regional indicator) is said to be
// missing while the default is shown, never silently replaced; and the choice waits while the page
// lists only the start-up topics' indicators, since the one named may be among the rest.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseIndicator, indicatorsOf, metricsOf } from '../web/src/indicator-choice.js';
import { servedRealRelease } from './support/real-app.js';

describe('the indicator a link names', () => {
  const served = servedRealRelease();

  test('an indicator the explorer offers is the one shown, and one it does not offer is named as missing', async () => {
    const indicators = indicatorsOf(metricsOf(await served.json('/api/timemachine/layers')));
    assert.ok(indicators.length >= 1000, `${indicators.length} indicators`);
    for (const id of ['life_expectancy', 'usd_kzt_rate', 'sdg_16_1_1', indicators.at(-1)!.id]) {
      const choice = chooseIndicator(indicators, id, 'population', true);
      assert.equal(choice.indicator?.id, id);
      assert.equal(choice.missing, null);
    }
    for (const id of ['life_expectancy_typo', 'event_count', 'life_expectancy;sex=F']) {
      const choice = chooseIndicator(indicators, id, 'population', true);
      assert.equal(choice.indicator?.id, 'population', `${id}: the default is shown`);
      assert.equal(choice.missing, id, `${id}: the page says it is not offered`);
    }
    const none = chooseIndicator(indicators, null, 'population', true);
    assert.deepEqual([none.indicator?.id, none.missing], ['population', null]);
  });

  test('an indicator not among the start-up topics’ waits for the rest of the list', async () => {
    const topics = (await served.json('/api/v1/topics?limit=100')).data as { id: string }[];
    const demography = topics.find((t) => /population|demograph/.test(t.id))!;
    const start = indicatorsOf(
      metricsOf(
        await served.json(`/api/timemachine/layers?topic=${encodeURIComponent(demography.id)}`),
      ),
    );
    assert.ok(!start.some((m) => m.id === 'sdg_16_1_1'), 'an SDG indicator is not listed at start');
    const waiting = chooseIndicator(start, 'sdg_16_1_1', 'population', false);
    assert.deepEqual([waiting.indicator, waiting.missing], [null, null]);
  });
});
