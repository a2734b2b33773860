// Search on the release built from the pinned snapshots, through the production app: every
// indicator is found first by its own name in each of kk, ru and en, as a reader copying a name
// from a table or a citation types it. Several indicators share a first stretch of words (one SDG
// series per breakdown, one price index per base period), so a name cut short would find its
// siblings as exactly as itself; two indicators with one name (one concept from two sources)
// are both first, in either order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { LANGUAGES } from '../src/lib/languages.js';
import { realRelease } from './support/release.js';

// the query parameter's bound (src/serve/v1/search.ts): a longer name is typed in part, not whole
const MAX_QUERY_CHARS = 200;

describe('every indicator by its name', () => {
  let app: DalaApp;
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 1e9, refillPerSecond: 1e9 } },
    });
  });
  after(() => app.close());
  const json = async (url: string) => {
    const res = await app.inject({ url, headers: { accept: 'application/json' } });
    assert.equal(res.statusCode, 200, url);
    return JSON.parse(res.body);
  };

  test('the exact name of every indicator finds it first, in kk, ru and en in turn', async () => {
    const indicators: { id: string; names: Record<string, string> }[] = [];
    for (let url: string | null = '/api/v1/indicators?limit=100'; url;) {
      const page = await json(url);
      indicators.push(...page.data);
      url = page.links.next
        ? new URL(page.links.next, 'http://x').pathname +
          new URL(page.links.next, 'http://x').search
        : null;
    }
    assert.ok(indicators.length > 1000, `${indicators.length} indicators`);
    const sameName = new Map<string, Set<string>>();
    for (const i of indicators)
      for (const lang of LANGUAGES) {
        const key = `${lang} ${i.names[lang]}`;
        sameName.set(key, (sameName.get(key) ?? new Set()).add(i.id));
      }
    const missed: string[] = [];
    let asked = 0;
    // each indicator in one language, the languages in turn: every indicator and every language
    // asked, a third of the searches
    for (const [n, i] of indicators.entries())
      for (const lang of [LANGUAGES[n % LANGUAGES.length]!]) {
        const name = i.names[lang]!;
        if (name.length > MAX_QUERY_CHARS) continue;
        asked++;
        const namesakes = sameName.get(`${lang} ${name}`)!;
        const hits = (
          await json(`/api/v1/search?q=${encodeURIComponent(name)}&limit=${namesakes.size}`)
        ).data;
        const first = new Set(hits.map((h: { id: string }) => h.id));
        if (![...namesakes].every((id) => first.has(id)))
          missed.push(`${lang} ${i.id} "${name}": ${[...first].join(', ')}`);
      }
    assert.ok(asked > 1700, `${asked} names asked`);
    assert.deepEqual(
      missed.slice(0, 20),
      [],
      `${missed.length} of ${asked} names did not find their indicator first`,
    );
  });
});
