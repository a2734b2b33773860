// The code cites the interface rules it keeps as `docs/interface.md §N`, the project's own notes. A
// citation must lead to a section that exists there, and no comment may point at a document outside the
// repository (the interface specification and design notes the project started from live beside it,
// not in it), so a newcomer can follow every citation from a clone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const CITATION = /docs\/interface\.md((?:,? (?:§\d+(?:\.\d+)?)(?:,| and)?)+)/g;
const OUTSIDE = /\bSPEC \d|\bSPEC\.md\b|\bDESIGN\.md\b/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|js|cjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** The sections docs/interface.md declares: headings (`## §3 …`) and numbered rules (`**§1.2**`). */
function sections(): Set<string> {
  const text = readFileSync(join(ROOT, 'docs/interface.md'), 'utf8');
  return new Set(
    [...text.matchAll(/^#+ (§\d+(?:\.\d+)?) |\*\*(§\d+(?:\.\d+)?)\*\*/gm)].map(
      (m) => m[1] ?? m[2]!,
    ),
  );
}

function citations(): { where: string; section: string }[] {
  const out: { where: string; section: string }[] = [];
  for (const file of sourceFiles('src')) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(CITATION)) {
          for (const s of m[1]!.match(/§\d+(?:\.\d+)?/g)!)
            out.push({ where: `${relative('.', file)}:${i + 1}`, section: s });
        }
      });
  }
  return out;
}

test('every docs/interface.md section the code cites exists in docs/interface.md', () => {
  const declared = sections();
  const cited = citations();
  assert.ok(cited.length > 50, `${cited.length} citations`);
  const missing = cited
    .filter((c) => !declared.has(c.section))
    .map((c) => `${c.where} cites ${c.section}`);
  assert.deepEqual(missing, []);
});

test('no code in src/ cites the specification or design notes kept outside the repository', () => {
  const outside: string[] = [];
  for (const file of sourceFiles('src')) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE.test(line)) outside.push(`${relative('.', file)}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(outside, []);
});
