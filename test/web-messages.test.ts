// The explorer's words for a value's status, and its sentences with a count in them (web/src/i18n.ts):
// the plural form Intl.PluralRules gives for the count in each language, and the count grouped as the
// page's numbers are ("1 840 показателей", "1,840 indicators"), never "1840" beside grouped values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { POINT_STATUSES } from '../src/sources/records.js';
import { statusLabel } from '../web/src/format.js';
import { translator } from '../web/src/i18n.js';

const NBSP = '\u00a0';

describe('sentences with a count', () => {
  test('a count is grouped the reader’s way and its words agree with it', () => {
    const en = translator('en');
    const ru = translator('ru');
    const kk = translator('kk');
    assert.match(en('pickerFind', { n: 1840 }), /^Find among 1,840 indicators /);
    assert.match(
      ru('pickerFind', { n: 1840 }),
      new RegExp(`^Найти среди 1${NBSP}840 показателей `),
    );
    assert.match(ru('pickerFind', { n: 21 }), /^Найти среди 21 показателя /);
    assert.match(kk('pickerFind', { n: 1840 }), new RegExp(`^1${NBSP}840 көрсеткіштің ішінен`));
    assert.equal(en('searchResults', { n: 1, q: 'Almaty' }), '1 result for “Almaty”.');
    assert.equal(en('searchResults', { n: 2, q: 'Almaty' }), '2 results for “Almaty”.');
    assert.equal(
      [1, 3, 5, 1012].map((n) => ru('searchResults', { n, q: 'Алматы' })).join(' '),
      [
        'По запросу «Алматы» найден 1 результат.',
        'По запросу «Алматы» найдено 3 результата.',
        'По запросу «Алматы» найдено 5 результатов.',
        `По запросу «Алматы» найдено 1${NBSP}012 результатов.`,
      ].join(' '),
    );
    // a text placeholder is left as written
    assert.equal(en('sdgNumber', { n: '16' }), 'SDG 16');
  });

  test('every status a value can have is named in each language', () => {
    for (const lang of ['en', 'ru', 'kk'] as const) {
      const t = translator(lang);
      for (const status of POINT_STATUSES) {
        const label = statusLabel(t, status);
        assert.notEqual(label, '', `${status} in ${lang}`);
        if (lang !== 'en') assert.doesNotMatch(label, /[A-Za-z]/, `${status} in ${lang}: ${label}`);
      }
    }
  });
});
