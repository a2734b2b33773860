// A newcomer follows the paths that comments and the docs name ("see src/store/reader.ts"); each
// must lead to a file or folder of this repository. Only comments are read in code (an import is
// checked by the compiler), and a `.js` path may name its TypeScript source.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const PATH = /(?<![\w./-])(?:src|test|bench|web|docs|bin|sources|\.ci)\/[\w./*-]*[\w/*]/g;
const COMMENT = /^\s*(?:\/\/|\/?\*|#)/;

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) filesUnder(path, out);
    else if (/\.(ts|tsx|js|cjs|md)$/.test(name)) out.push(path);
  }
  return out;
}

// Made by `npm run build` (the prepare step of npm ci), so absent from a fresh checkout.
const BUILT = /^(?:web\/dist|dist)(?:\/|$)/;

function exists(path: string): boolean {
  if (BUILT.test(path)) return true;
  if (path.includes('*')) return globMatches(path);
  const bare = path.replace(/[./]+$/, '');
  const candidates = [bare, bare.replace(/\.js$/, '.ts'), bare.replace(/\.js$/, '.tsx')];
  return candidates.some((p) => existsSync(join(ROOT, p)));
}

/** A glob in the last segment ("test/web-explorer*.test.ts") names at least one file. */
function globMatches(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const dir = join(ROOT, path.slice(0, slash));
  const pattern = new RegExp(
    `^${path
      .slice(slash + 1)
      .replace(/[.]/g, '\\.')
      .replace(/\*/g, '.*')}$`,
  );
  const tsPattern = new RegExp(pattern.source.replace('\\.js$', '\\.tsx?$'));
  return (
    existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name) || tsPattern.test(name))
  );
}

/** Every path a comment (code) or a line (Markdown) names, with where it is named. */
function namedPaths(): { where: string; path: string }[] {
  const files = [
    ...['src', 'test', 'bench', 'web/src', 'bin', 'docs', '.ci'].flatMap((d) => filesUnder(d)),
    'README.md',
  ];
  const named: { where: string; path: string }[] = [];
  for (const file of files) {
    const markdown = file.endsWith('.md') || file.startsWith('.ci');
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!markdown && !COMMENT.test(line)) return;
        for (const m of line.matchAll(PATH))
          named.push({ where: `${relative('.', file)}:${i + 1}`, path: m[0] });
      });
  }
  return named;
}

test('every file path named in a comment, the docs or the README exists in the repository', () => {
  const named = namedPaths();
  assert.ok(named.length > 100, `${named.length} paths named`);
  const missing = named.filter((n) => !exists(n.path)).map((n) => `${n.where} names ${n.path}`);
  assert.deepEqual(missing, []);
});

test('docs/architecture.md maps the tree: every path it names exists', () => {
  const named = namedPaths().filter((n) => n.where.startsWith('docs/architecture.md'));
  assert.ok(named.length >= 20, `${named.length} paths named in docs/architecture.md`);
  assert.deepEqual(
    named.filter((n) => !exists(n.path)).map((n) => `${n.where} names ${n.path}`),
    [],
  );
});
