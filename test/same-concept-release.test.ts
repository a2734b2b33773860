// One concept from two sources, on the release built from the pinned snapshots, through the
// production app: the link declared on one indicator holds both ways (docs/interface.md §10.2), so
// the National Bank's CPI names the Bureau's regional table that declared it, and every link a
// reader follows leads to an indicator that links back, saying how the two differ (in the declared
// words, where only one of the two declared the link).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedRealRelease } from './support/real-app.js';

interface Link {
  indicator: string;
  difference: string;
  link: string;
}

describe('indicators measuring the same concept', () => {
  const served = servedRealRelease({ rateLimit: { burst: 1e9, refillPerSecond: 1e9 } });

  test('every same-concept link is answered by a link back saying how the two differ', async () => {
    const links = new Map<string, Link[]>();
    for (let url: string | null = '/api/v1/indicators?limit=100'; url;) {
      const page = await served.json(url);
      for (const i of page.data) if (i.same_concept) links.set(i.id, i.same_concept);
      url = page.links.next
        ? new URL(page.links.next, served.base()).pathname +
          new URL(page.links.next, served.base()).search
        : null;
    }
    assert.ok(links.size >= 20, `${links.size} indicators with a link`);
    for (const [id, out] of links)
      for (const l of out) {
        const back = (links.get(l.indicator) ?? []).find((b) => b.indicator === id);
        assert.ok(back, `${l.indicator} names ${id} back`);
        assert.ok(back.difference.length > 0, `${l.indicator} says how it differs from ${id}`);
        assert.equal((await served.json(l.link)).data.id, l.indicator, l.link);
      }
    const nbk = (await served.json('/api/v1/indicators/indicator:cpi_prev_month')).data;
    assert.ok(
      nbk.same_concept.some((l: Link) => l.indicator === 'indicator:cpi_month_prev_month'),
      "the National Bank's copy of the Bureau's monthly CPI names the Bureau's regional table",
    );
  });
});
