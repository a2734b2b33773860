// The release's CSV files and the CSV answers are RFC 4180: whatever a field holds (a note with a
// line break, a quote, a comma), a CSV reader gets back the same records, each ended by CRLF.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { toCsv } from '../src/publish/csv.js';
import { csvBytes } from '../src/serve/answers/csv.js';

const text = fc.string({ unit: fc.constantFrom('a', 'ж', ' ', ',', '"', '\n', '\r', '\r\n') });

test('a field holding a bare line feed or carriage return stays one field of one record', () => {
  const csv = toCsv(['note', 'value'], [{ note: 'first line\nsecond line', value: 'a\rb' }]);
  assert.equal(csv.toString(), 'note,value\r\n"first line\nsecond line","a\rb"\r\n');
});

test('a release CSV file and a CSV answer read back as the records written, whatever their text', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (pairs) => {
      const rows = pairs.map(([a, b]) => ({ a, b }));
      for (const csv of [toCsv(['a', 'b'], rows), csvBytes(rows, ['a', 'b'])]) {
        const records = parse(csv, { record_delimiter: '\r\n' }) as string[][];
        assert.deepEqual(records, [['a', 'b'], ...pairs]);
        assert.ok(csv.toString().endsWith('\r\n'));
      }
    }),
  );
});
