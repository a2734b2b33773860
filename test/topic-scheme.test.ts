// The topic scheme (sources/topics.json): the Bureau's statistical domains, and the seventeen SDG goals
// named as the Bureau's own SDG platform names them in kk, ru and en (never translated here), so the
// platform's indicators are classified in the goal their national number starts with.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import { snapshot } from './support/registry.js';

const LANGS = ['kk', 'ru', 'en'] as const;

/** The goals' short names of the staged platform: translations/<lang>/global_goals.yml, lines `<n>-short: <name>`. */
async function platformShortNames(lang: string): Promise<Map<string, string>> {
  const file = join(snapshotsDir(), 'kazstat-sdg', 'translations', lang, 'global_goals.yml');
  const names = new Map<string, string>();
  // the file is flat `key: value` lines without quoting (checked by the count below)
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const m = /^(\d+)-short: (.+)$/.exec(line);
    if (m) names.set(m[1]!, m[2]!.trim());
  }
  return names;
}

test('the topic scheme holds the seventeen SDG goals, named exactly as the platform names them in kk, ru and en', async () => {
  const { topics } = await loadRegistry(SOURCES_DIR, snapshot);
  const goals = topics.topics.filter((t) => t.kind === 'sdg-goal');
  assert.deepEqual(
    goals.map((g) => [g.id, g.notation]),
    Array.from({ length: 17 }, (_, i) => [`sdg-${i + 1}`, String(i + 1)]),
  );
  for (const lang of LANGS) {
    const names = await platformShortNames(lang);
    assert.equal(names.size, 17, `${lang}: seventeen goals`);
    for (const g of goals) assert.equal(g.name[lang], names.get(g.notation!), `${g.id} ${lang}`);
  }
  for (const g of goals)
    assert.match(
      g.source_url,
      /^https:\/\/github\.com\/kazstat\/sdg-data-kazstat\/tree\/[0-9a-f]{40}\//,
    );
});
