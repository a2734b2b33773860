// The reforms that moved a region's borders, as the map's drawing file and the region profiles name
// them: the border changes are the Bureau's (src/sources/bns-reforms.ts), so each holds whatever the
// review status of the event row describing it, and the drawing file says that status; a change no
// event row describes is refused at build, since its break would be drawn unnamed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PublicEvent } from '../src/model/types.js';
import { geoFiles, regionAnalytics } from '../src/publish/contracts/regions.js';
import { makeTestModel } from './support/test-model.js';

const reform = (place: string, en: string): PublicEvent => ({
  id: `event:2022-06-08-${place.toLowerCase()}-formed`,
  date: '2022-06-08',
  kind: 'reform',
  place,
  title: { en, ru: en, kk: en },
  source_url: 'https://adilet.zan.kz/',
  review_status: 'unreviewed',
});

test('a border change the Bureau publishes that no reform event describes is refused', () => {
  // the test model's one event is dated on the day but placed on the whole country
  assert.throws(
    () => regionAnalytics(makeTestModel()),
    /sources\/events\.json: no reform event describes the border change of 2022-06-08 that moved KZ-(35|19)/,
  );
});

test("an unreviewed reform still names the region's border change, with its review status", () => {
  const model = makeTestModel();
  model.events = [reform('KZ-62', 'Ulytau formed'), reform('KZ-33', 'Jetisu formed')];
  model.events[0]!.review_status = 'reviewed';
  const drawing = geoFiles(model).find((a) => a.path === 'geo/kz_adm1_drawing.geojson')!.json as {
    features: { properties: { iso: string; border_changes: unknown[] } }[];
  };
  const of = (iso: string) => drawing.features.find((f) => f.properties.iso === iso)!.properties;
  assert.deepEqual(of('KZ-19').border_changes, [
    {
      id: 'event:2022-06-08-kz-33-formed',
      date: '2022-06-08',
      title_en: 'Jetisu formed',
      title_ru: 'Jetisu formed',
      title_kk: 'Jetisu formed',
      review_status: 'unreviewed',
    },
  ]);
  assert.deepEqual(
    (of('KZ-35').border_changes as { review_status: string }[]).map((e) => e.review_status),
    ['reviewed'],
  );
  // Almaty city's borders did not move
  assert.deepEqual(of('KZ-75').border_changes, []);
  const karaganda = regionAnalytics(model).find((a) => a.path.endsWith('/karaganda.json'))!
    .json as { border_changes: string[] };
  assert.deepEqual(karaganda.border_changes, ['event:2022-06-08-kz-62-formed']);
});
