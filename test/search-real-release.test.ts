// Search and resolve on the release built from the pinned snapshots, through the production app:
// the labelled queries reach hit@1 >= 95%, a region and its centre of the same name are homonyms
// (the region first), a centre named otherwise resolves to its city, an exact name outranks a longer
// name containing it, former names carry their date, abbreviations find what they abbreviate.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { measureHitAt1, topOverHttp } from '../bench/search/quality.js';
import { realRelease } from './support/release.js';

describe('search and resolve on the real release', () => {
  let app: DalaApp;
  let base: string;
  before(async () => {
    const { releasesDir } = await realRelease();
    // the labelled queries come from one address: a budget that fits them, the policy otherwise unchanged
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const search = async (q: string, extra = '') =>
    (
      await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}${extra}`)
    ).json() as Promise<any>;
  const resolve = async (body: object) => {
    const res = await fetch(`${base}/api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  test('the labelled queries (ru, kk, en, Latin, typos, old names, abbreviations, districts, bodies, indicators) reach hit@1 >= 95%', async () => {
    const q = await measureHitAt1(topOverHttp(base));
    assert.ok(q.total >= 150, `${q.total} labelled queries`);
    const misses = q.misses.map((m) => `"${m.q}" -> ${m.got} (expected ${m.expect})`).join('\n');
    assert.ok(q.hitAt1 >= 95, `hit@1 ${q.hitAt1}% (${q.hits}/${q.total}); misses:\n${misses}`);
  });

  // Regions named like their centre, with the region's names without the word for region in kk, ru, en
  // and Latin spellings people type, and a typo with two letters swapped.
  const homonyms: { region: string; city: string; names: string[]; swapped: string }[] = [
    {
      region: 'place:KZ-35',
      city: 'place:KZ-35/KZ351000',
      names: ['Karaganda', 'Караганда', 'Қарағанды', 'Qaraghandy'],
      swapped: 'Karagnada',
    },
    {
      region: 'place:KZ-15',
      city: 'place:KZ-15/KZ151000',
      names: ['Aktobe', 'Актобе', 'Ақтөбе', 'Aqtobe'],
      swapped: 'Aktboe',
    },
    {
      region: 'place:KZ-23',
      city: 'place:KZ-23/KZ231000',
      names: ['Atyrau', 'Атырау'],
      swapped: 'Atyaru',
    },
    {
      region: 'place:KZ-43',
      city: 'place:KZ-43/KZ431000',
      names: ['Kyzylorda', 'Кызылорда', 'Қызылорда', 'Qyzylorda'],
      swapped: 'Kyzylodra',
    },
    {
      region: 'place:KZ-61',
      city: 'place:KZ-61/KZ611000',
      names: ['Turkistan', 'Түркістан', 'Туркестан', 'Turkestan'],
      swapped: 'Turkitsan',
    },
    {
      region: 'place:KZ-55',
      city: 'place:KZ-55/KZ551000',
      names: ['Pavlodar', 'Павлодар'],
      swapped: 'Pavoldar',
    },
    {
      region: 'place:KZ-39',
      city: 'place:KZ-39/KZ391000',
      names: ['Kostanay', 'Костанай', 'Қостанай', 'Qostanai'],
      swapped: 'Kostnaay',
    },
  ];

  test('a region and its centre of the same name resolve as homonyms (300): the region first, the city second', async () => {
    for (const { region, city, names } of homonyms) {
      for (const name of names) {
        const res = await resolve({ name });
        assert.equal(res.status, 300, name);
        assert.equal(res.body.data.result, 'ambiguous', name);
        assert.equal(res.body.data.id, null, name);
        assert.deepEqual(
          res.body.data.candidates.slice(0, 2).map((c: { id: string }) => c.id),
          [region, city],
          name,
        );
      }
    }
  });

  test('search ranks a region before its centre of the same name, also with two letters swapped', async () => {
    for (const { region, city, names, swapped } of homonyms) {
      for (const q of names)
        assert.deepEqual(
          (await search(q)).data.slice(0, 2).map((h: { id: string }) => h.id),
          [region, city],
          q,
        );
      const typo = await search(swapped);
      assert.equal(typo.data[0].id, region, swapped);
      assert.equal(typo.data[0].match.type, 'fuzzy', swapped);
    }
  });

  // What people type for the daily, monthly and newer annual families, in ru, kk and en: each finds
  // its indicator first (names, and the aliases its declaration in sources/datasets/ gives for "inflation" and the like).
  const families: [string, string][] = [
    ['курс доллара', 'usd_kzt_rate'],
    ['exchange rate', 'usd_kzt_rate'],
    ['доллар бағамы', 'usd_kzt_rate'],
    ['базовая ставка', 'base_rate'],
    ['base rate', 'base_rate'],
    ['базалық мөлшерлеме', 'base_rate'],
    ['инфляция', 'cpi_same_month_prev_year'],
    ['inflation', 'cpi_same_month_prev_year'],
    ['monthly inflation', 'cpi_prev_month'],
    ['врачи', 'doctors'],
    ['дәрігерлер', 'doctors'],
    ['doctors', 'doctors'],
    ['школы', 'general_education_schools'],
    ['мектептер', 'general_education_schools'],
    ['пассажирооборот', 'bus_passenger_km'],
    ['наличие автобусов', 'buses_in_stock'],
    ['ВРП на душу населения', 'grp_per_capita'],
    ['GRP per capita', 'grp_per_capita'],
    ['расходы домохозяйств', 'household_money_expenditure_per_capita'],
    ['household expenditure', 'household_money_expenditure_per_capita'],
    ['обратившиеся в органы занятости', 'employment_agency_applicants'],
    ['население трудоспособного возраста', 'population_working_age_groups'],
    ['численность населения на начало года', 'population_start_of_year'],
    ['жыл басындағы халық саны', 'population_start_of_year'],
    ['безработица по кварталам', 'unemployment_rate_quarterly'],
    ['население по районам', 'population_by_district'],
  ];

  test('the daily, monthly and newer annual families are found first by what people type, in ru, kk and en', async () => {
    const misses: string[] = [];
    for (const [q, indicator] of families) {
      const top = (await search(q)).data[0]?.id;
      if (top !== `indicator:${indicator}`)
        misses.push(`"${q}" -> ${top} (expected indicator:${indicator})`);
    }
    assert.deepEqual(misses, []);
  });

  test('an exact name outranks a longer name containing it, in every language', async () => {
    // population's names against employment's "Численность занятого населения", "Employed population",
    // "Жұмыспен қамтылған халық саны"
    for (const q of [
      'численность населения',
      'Численность населения',
      'population',
      'халық саны',
    ]) {
      const res = await search(q);
      assert.equal(res.data[0].id, 'indicator:population', q);
      assert.equal(res.data[0].match.type, 'exact', q);
      assert.ok(
        res.data.some((h: { id: string }) => h.id === 'indicator:employed'),
        `${q}: the longer name is still found`,
      );
    }
  });

  test('a regional centre named otherwise than its region resolves to the city (200)', async () => {
    const centres: [string, string][] = [
      ['Кокшетау', 'place:KZ-11/KZ111000'],
      ['Өскемен', 'place:KZ-63/KZ631000'],
      ['Taraz', 'place:KZ-31/KZ311000'],
      ['Oral', 'place:KZ-27/KZ271000'],
    ];
    for (const [name, city] of centres) {
      const res = await resolve({ name });
      assert.equal(res.status, 200, name);
      assert.equal(res.body.data.id, city, name);
    }
  });

  test('a kind-of-place word resolves the region (Kostanay region) and a district (Aral district)', async () => {
    assert.equal((await resolve({ name: 'Kostanay region' })).body.data.id, 'place:KZ-39');
    assert.equal((await resolve({ name: 'Қостанай облысы' })).body.data.id, 'place:KZ-39');
    assert.equal((await resolve({ name: 'Аральский район' })).body.data.id, 'place:KZ-43/KZ433200');
  });

  test('a former name finds the place it became, with the date it was last used', async () => {
    const res = await search('Semipalatinsk');
    assert.equal(res.data[0].id, 'place:KZ-10/KZ101000');
    assert.equal(res.data[0].match.kind, 'former_name');
    assert.equal(res.data[0].match.valid_until, '2007-06-21');
    assert.equal((await resolve({ name: 'Kapshagay' })).body.data.id, 'place:KZ-19/KZ191000');
  });

  test('abbreviations of regions, indicators and bodies find what they abbreviate', async () => {
    const abbreviations: [string, string][] = [
      ['ВКО', 'place:KZ-63'],
      ['ВРП', 'indicator:grp'],
      ['BNS', 'institution:bureau-national-statistics'],
    ];
    for (const [q, id] of abbreviations) {
      const res = await search(q);
      assert.equal(res.data[0].id, id, q);
      assert.equal(res.data[0].match.kind, 'abbreviation', q);
    }
  });

  test('multi-word queries match word by word and inside longer names', async () => {
    const res = await search('финансов министерство');
    assert.equal(res.data[0].id, 'institution:ministry-finance');
    const infix = await search('Статистики', '&type=institution');
    assert.equal(infix.data[0].id, 'institution:bureau-national-statistics');
  });
});
