// The one interface document, served from a release built from the pinned snapshots: it lints clean
// under Redocly's recommended rules, its examples are the answers the app gives, /data/ responses
// refer to the sealed schemas, and a client generated from it with openapi-typescript has typed
// operations that the TypeScript compiler checks (a wrong use fails to compile).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import Ajv2020Module from 'ajv/dist/2020.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { realRelease } from './support/release.js';
import { tempDir } from './support/temp-dir.js';

const run = promisify(execFile);
const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const ROOT = resolve(import.meta.dirname, '..');
const bin = (path: string) => join(ROOT, 'node_modules', path);

describe('the interface document of the real release', () => {
  let app: DalaApp;
  let base: string;
  let doc: any;
  let dir: string;
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    doc = await (await fetch(`${base}/openapi.json`)).json();
    dir = tempDir('dala-interface-');
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
  });
  after(() => app.close());

  test('redocly lint (recommended rules) reports no error, and no warning but the two redirect-only operations; every required member is defined', async () => {
    const args = [
      bin('@redocly/cli/bin/cli.js'),
      'lint',
      '--config',
      join(ROOT, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '10000',
      join(dir, 'openapi.json'),
    ];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    };
    const out = await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 << 20 }).catch(
      (e) => e,
    );
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number; warnings: number };
      problems: {
        ruleId: string;
        severity: string;
        message: string;
        location: { pointer: string }[];
      }[];
    };
    const byRule = new Map<string, number>();
    for (const p of report.problems)
      byRule.set(`${p.severity} ${p.ruleId}`, (byRule.get(`${p.severity} ${p.ruleId}`) ?? 0) + 1);
    console.log(
      `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
      Object.fromEntries(byRule),
    );
    assert.equal(
      report.totals.errors,
      0,
      JSON.stringify(report.problems.filter((p) => p.severity === 'error').slice(0, 5)),
    );
    // Every schema defines each member it requires, the sealed contract schemas (src/publish/schemas)
    // included: no-required-schema-properties-undefined is no warning here, so a generated client types
    // each required member. The Reconciliation API's view URL answers only a 303 to the entity's own route, and a PDF's
    // data-revision permalink only a 302 to the release's /r/ permalink, which Redocly's
    // operation-2xx-response counts as missing a success; those two redirects alone are excused.
    const redirects = [
      '#/paths/~1api~1v1~1reconcile~1view/get/responses',
      '#/paths/~1d~1{dataRevision}~1{path}/get/responses',
    ];
    const excused = (p: (typeof report.problems)[number]) =>
      p.ruleId === 'operation-2xx-response' && redirects.includes(p.location[0]!.pointer);
    const other = report.problems.filter((p) => !excused(p));
    assert.deepEqual(
      other.map((p) => `${p.ruleId} ${p.message} @ ${p.location[0]!.pointer}`),
      [],
    );
  });

  test('every operation has an operationId, servers and security are declared, examples come from the release', async () => {
    assert.ok(doc.servers?.length);
    assert.deepEqual(doc.security, []);
    const revision = (await fetch(`${base}/`)).headers.get('x-dala-revision');
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        assert.match(op.operationId ?? '', /^[a-z][A-Za-z0-9]+$/, `${method} ${path}`);
        const hasExample =
          JSON.stringify(op).includes('"examples"') ||
          (op.parameters ?? []).some((p: any) => p.example !== undefined);
        assert.ok(hasExample, `${method} ${path} has an example`);
      }
    }
    assert.ok(operations > 60, `${operations} operations`);
    // a sealed file's example names its permalink, which answers the file, and links nothing to fetch
    const manifest = doc.paths['/data/release-manifest.json'].get.responses['200'].content;
    const file = (Object.values(manifest)[0] as any).examples.release;
    assert.equal(file.externalValue, undefined);
    assert.equal(file['x-dala-file'], `/r/${revision}/data/release-manifest.json`);
    assert.equal((await fetch(`${base}${file['x-dala-file']}`)).status, 200);
    assert.doesNotMatch(JSON.stringify(doc), /"externalValue"/);
    const item = doc.paths['/api/v1/places/{id}'].get;
    const id = item.parameters.find((p: any) => p.name === 'id').example;
    const example = item.responses['200'].content['application/json'].examples.release;
    assert.match(example.summary, new RegExp(revision!));
    const live = await (await fetch(`${base}/api/v1/places/${encodeURIComponent(id)}`)).json();
    assert.equal(example.value.data.id, live.data.id);
    assert.deepEqual(example.value.data.names, live.data.names);
  });

  test('every JSON example, an answer of the app on the real release, is valid against the response schema it illustrates', () => {
    // The route schemas are also where the answer types come from (src/serve/interface/schemas.ts FromResponse,
    // src/serve/timemachine/schemas.ts): this holds them to what production actually answers.
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const DOC = 'https://dala.invalid/openapi.json';
    ajv.addSchema({ ...doc, $id: DOC });
    const segment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
    const failures: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(
          (op.responses ?? {}) as Record<string, any>,
        )) {
          for (const [type, media] of Object.entries(
            (response.content ?? {}) as Record<string, any>,
          )) {
            const value = media.examples?.release?.value;
            if (!media.schema || value === undefined || typeof value !== 'object') continue;
            const pointer = ['paths', path, method, 'responses', status, 'content', type, 'schema']
              .map(segment)
              .join('/');
            const valid = ajv.getSchema(`${DOC}#/${pointer}`)!;
            if (!valid(value))
              failures.push(`${method} ${path} ${status} ${type}: ${ajv.errorsText(valid.errors)}`);
            checked++;
          }
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(checked > 40, `${checked} examples checked`);
  });

  test('response headers are documented and /data/ JSON responses refer to the sealed schemas', () => {
    const places = doc.paths['/api/v1/places'].get.responses['200'];
    for (const h of ['ratelimit', 'x-dala-revision', 'link'])
      assert.ok(places.headers?.[h], `places documents ${h}`);
    assert.ok(doc.paths['/data/country-pulse.json'].get.responses['200'].headers.etag);
    const pulse =
      doc.paths['/data/country-pulse.json'].get.responses['200'].content['application/json'].schema;
    assert.equal(pulse.$ref, '#/components/schemas/Sealed_country_pulse');
    assert.ok(
      doc.components.schemas.Sealed_country_pulse.properties,
      'the sealed schema is embedded',
    );
    assert.ok(
      doc.paths['/api/v1/resolve'].post.requestBody.content['application/json'].schema.properties
        .name,
    );
  });

  test('the reconcile POST shows its body as JSON and as the form field queries=, each example valid and answered 200; GET /reconcile is one of the manifest, a result batch and a data extension', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const DOC = 'https://dala.invalid/reconcile.json';
    ajv.addSchema({ ...doc, $id: DOC });
    const post = doc.paths['/api/v1/reconcile'].post;
    for (const [type, encode] of [
      ['application/json', JSON.stringify],
      [
        'application/x-www-form-urlencoded',
        (v: Record<string, string>) => new URLSearchParams(v).toString(),
      ],
    ] as const) {
      const media = post.requestBody?.content?.[type];
      assert.ok(media?.schema && media.example, `${type}: schema and example`);
      const valid = ajv.getSchema(
        `${DOC}#/paths/${encodeURIComponent('~1api~1v1~1reconcile')}/post/requestBody/content/${encodeURIComponent(type.replace(/\//g, '~1'))}/schema`,
      )!;
      assert.ok(valid(media.example), `${type}: ${ajv.errorsText(valid.errors)}`);
      const res = await fetch(`${base}/api/v1/reconcile`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: encode(media.example),
      });
      const body = await res.json();
      assert.equal(res.status, 200, `${type}: ${JSON.stringify(body)}`);
      assert.ok(
        Object.values(body as Record<string, { result: unknown[] }>)[0]!.result.length > 0,
        `${type}: the example finds a candidate`,
      );
    }
    assert.equal(
      typeof post.requestBody.content['application/x-www-form-urlencoded'].example.queries,
      'string',
      'the form carries the batch as JSON text',
    );
    const get =
      doc.paths['/api/v1/reconcile'].get.responses['200'].content['application/json'].schema;
    assert.equal(get.oneOf?.length, 3, 'the manifest, a result batch or a data extension');
    assert.ok(get.oneOf[0].required.includes('identifierSpace'), 'the manifest has its own schema');
    assert.ok(get.oneOf[2].required.includes('rows'), 'a data extension has its own schema');
  });

  test('a client generated with openapi-typescript has typed operations the compiler checks', async () => {
    // generated from a saved copy, as a user with no network would: nothing in it needs resolving
    // against the host it came from
    await run(process.execPath, [
      bin('openapi-typescript/bin/cli.js'),
      join(dir, 'openapi.json'),
      '-o',
      join(dir, 'dala.d.ts'),
    ]);
    const client = `import type { operations, paths } from './dala.js';
type Places = paths['/api/v1/places']['get']['responses'][200]['content']['application/json'];
type Search = operations['getV1Search']['parameters']['query'];
export function firstName(page: Places): string { return page.data[0]?.names.en ?? ''; }
export const query: Search = { q: 'Astana', locale: 'kk', limit: 5 };
export type Series = paths['/api/timemachine/series']['get']['parameters']['query']['metric'];
`;
    const wrong = `import type { operations } from './dala.js';
export const query: operations['getV1Search']['parameters']['query'] = { q: 'Astana', locale: 'fr' };
`;
    await writeFile(join(dir, 'client.ts'), client);
    await writeFile(join(dir, 'wrong.ts'), wrong);
    const tsc = (file: string) =>
      run(process.execPath, [
        bin('typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--skipLibCheck',
        join(dir, file),
      ]).then(
        () => ({ code: 0, stdout: '' }),
        (e) => ({ code: e.code as number, stdout: String(e.stdout) }),
      );
    const good = await tsc('client.ts');
    assert.equal(good.code, 0, good.stdout);
    const bad = await tsc('wrong.ts');
    assert.notEqual(bad.code, 0, 'a locale outside the enum must not compile');
    assert.match(bad.stdout, /"fr"/);
  });
});
