// The code cites the interface rules it keeps as `docs/interface.md §N`, the project's own notes. A
// citation must lead to a section that exists there, and no code, test, bench or doc may point at a
// document outside the repository (the interface specification, the design notes and the snapshots'
// README live beside it, not in it; a snapshot is cited by its passport in sources/passports.json), so
// a newcomer can follow every citation from a clone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const CITATION = /docs\/interface\.md((?:,? (?:§\d+(?:\.\d+)?)(?:,| and)?)+)/g;
/** A citation of a document kept outside the repository. */
const OUTSIDE =
  /\bSPEC \d|\bSPEC\.md\b|\bDESIGN\.md\b|\bsnapshots\/(?:[\w.-]+\/)*(?:README|NOTES)\.md\b/;
const CHECKED_DIRS = ['src', 'test', 'bench', 'docs', 'web/src'];

function sourceFiles(dir: string, out: string[] = [], kinds = /\.(ts|tsx|js|cjs)$/): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) sourceFiles(path, out, kinds);
    else if (kinds.test(name)) out.push(path);
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

test("no code, test, bench or doc cites the specification, the design notes or the snapshots' README kept outside the repository", () => {
  const outside: string[] = [];
  const files = CHECKED_DIRS.flatMap((dir) => sourceFiles(dir, [], /\.(ts|tsx|js|cjs|mjs|md)$/));
  assert.ok(files.includes('docs/architecture.md') && files.includes('bench/RESULTS.md'));
  // this file's examples of refused citations are the check's own test, not citations
  for (const file of files.filter((f) => f !== 'test/interface-notes.test.ts')) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE.test(line)) outside.push(`${relative('.', file)}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(outside, []);
});

test("the outside-document check refuses the specification, design notes and snapshot notes, and passes the project's own documents", () => {
  const refused = [
    '// (SPEC 4.1, 4.2)',
    '// see SPEC.md',
    '// (DESIGN.md: CURRENT swapped atomically)',
    '// layouts in snapshots/README.md',
    '// snapshots/bns-more/NOTES.md names the trap',
  ];
  const passed = [
    '// (docs/interface.md §4.1, §4.2)',
    '// passport bns-grp in sources/passports.json',
    '// sources/README.md says what was checked',
    'const STATIC_PATHS = [',
  ];
  assert.deepEqual(
    refused.filter((line) => !OUTSIDE.test(line)),
    [],
  );
  assert.deepEqual(
    passed.filter((line) => OUTSIDE.test(line)),
    [],
  );
});
