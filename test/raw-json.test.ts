// An answer with pre-serialised members (RawJson) is sent as the UTF-8 of the JSON text the same
// value gives with every member written in place, whether a member comes as text or as bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RawJson, answerBytes, stringifyAnswer } from '../src/serve/answers/raw-json.js';

const json = fc.jsonValue().map((v) => JSON.stringify(v));
const member = fc.tuple(json, fc.boolean()).map(([text, asBytes]) => ({
  text,
  raw: new RawJson(asBytes ? Buffer.from(text, 'utf8') : text),
}));

test('answer bytes: the UTF-8 of the answer text with raw members in place, from text or bytes', () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.string({ unit: 'binary' }), fc.oneof(json, member), { maxKeys: 6 }),
      (shape) => {
        const value = Object.fromEntries(
          Object.entries(shape).map(([k, v]) => [
            k,
            typeof v === 'string' ? (JSON.parse(v) as unknown) : v.raw,
          ]),
        );
        const expected = Object.fromEntries(
          Object.entries(shape).map(([k, v]) => [
            k,
            JSON.parse(typeof v === 'string' ? v : v.text) as unknown,
          ]),
        );
        const bytes = answerBytes(value);
        assert.deepStrictEqual(bytes, Buffer.from(stringifyAnswer(value), 'utf8'));
        assert.deepStrictEqual(
          JSON.parse(bytes.toString('utf8')),
          JSON.parse(JSON.stringify(expected)),
        );
      },
    ),
    { numRuns: 300 },
  );
});
