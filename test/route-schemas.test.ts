// Route schemas are compiled on first use (src/serve/interface/lazy-schemas.ts), not at start-up; every one of
// them still compiles, and validation and serialization behave as with eager compilation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { makeFixtureRelease } from './support/fixture-release.js';

let app: DalaApp;

before(async () => {
  app = await buildApp({
    releasesDir: (await makeFixtureRelease()).releasesDir,
    logger: false,
    pollMs: 60_000,
  });
});
after(() => app?.close());

test('a ready app has compiled no route schema yet, and a route compiles only its own on first use', async () => {
  const waiting = app.routeSchemas.pending();
  assert.ok(waiting > 50, `route schemas are waiting for first use (${waiting})`);
  assert.equal((await app.inject('/api/timemachine/layers')).statusCode, 200);
  const after = app.routeSchemas.pending();
  assert.ok(
    after < waiting && after > waiting - 10,
    `one route compiled its few schemas (${waiting} -> ${after})`,
  );
});

test('a lazily compiled validator refuses bad input with the same problem as before: undeclared and ill-typed parameters', async () => {
  const unknown = await app.inject('/api/timemachine/layers?colour=red');
  assert.equal(unknown.statusCode, 400);
  assert.equal(unknown.json().code, 'unknown_parameter');
  const enumFailure = await app.inject(
    '/api/timemachine/series?metric=population&granularity=fortnight',
  );
  assert.equal(enumFailure.statusCode, 400);
  assert.ok(
    Array.isArray(enumFailure.json().allowed_values),
    'the enum failure lists allowed values (Ajv errors reached the handler)',
  );
});

test('every route schema compiles', () => {
  app.routeSchemas.compileAll();
  assert.equal(app.routeSchemas.pending(), 0);
});

test('warming up compiles every schema a listening server has left, one per event-loop turn', async () => {
  const other = await buildApp({
    releasesDir: (await makeFixtureRelease()).releasesDir,
    logger: false,
    pollMs: 60_000,
  });
  try {
    const before = other.routeSchemas.pending();
    const errors: Error[] = [];
    const warming = other.routeSchemas.warmUp((err) => errors.push(err));
    assert.equal(other.routeSchemas.pending(), before, 'nothing is compiled before the first turn');
    await warming;
    assert.deepEqual(errors, []);
    assert.equal(other.routeSchemas.pending(), 0);
  } finally {
    await other.close();
  }
});

test('every validator schema is checked against its meta-schema before deployment, though serving skips that check', async () => {
  const { default: fastify } = await import('fastify');
  const { lazySchemas } = await import('../src/serve/interface/lazy-schemas.js');
  const schemas = lazySchemas();
  const broken = fastify({
    schemaController: schemas.schemaController,
    ajv: { customOptions: { removeAdditional: false } },
  });
  // minLength must be a non-negative integer (JSON Schema draft-07 meta-schema); Ajv compiles it without the check
  broken.get(
    '/broken',
    {
      schema: {
        querystring: { type: 'object', properties: { q: { type: 'string', minLength: -1 } } },
      },
    },
    async () => ({ ok: true }),
  );
  try {
    await broken.ready();
    assert.equal(
      (await broken.inject('/broken?q=x')).statusCode,
      200,
      'the serving validator compiles without the meta-schema check',
    );
    assert.throws(() => schemas.compileAll(), /schema of GET \/broken: .*minLength/);
  } finally {
    await broken.close();
  }
});
