// `npm run bench [name ...]`: runs the bench scripts one after another (never two at once: the
// timings would disturb each other), collects the rows they print (bench/row.ts) and prints the
// table of targets, each marked met or missed. Without names it runs every bench/*.bench.ts.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseRow, TARGETS, type BenchRow, type TargetId } from './row.js';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

async function scripts(names: string[]): Promise<string[]> {
  const all = (await readdir(BENCH_DIR)).filter((f) => f.endsWith('.bench.ts')).sort();
  if (names.length === 0) return all;
  const unknown = names.filter((n) => !all.includes(n) && !all.includes(`${n}.bench.ts`));
  if (unknown.length)
    throw new Error(`no bench script ${unknown.join(', ')}; scripts: ${all.join(', ')}`);
  return all.filter((f) => names.includes(f) || names.includes(f.slice(0, -'.bench.ts'.length)));
}

function run(script: string): Promise<{ rows: BenchRow[]; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, script)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const rows: BenchRow[] = [];
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const row = parseRow(line);
        if (row) rows.push(row);
        else process.stderr.write(`  [${script}] ${line}\n`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const row = parseRow(rest);
      if (row) rows.push(row);
      resolve({ rows, code });
    });
  });
}

const mark = (met: boolean | null) => (met === null ? 'report' : met ? 'MET' : 'MISSED');

function table(rows: BenchRow[]): string {
  const lines = ['| target | row | value | result |', '|---|---|---|---|'];
  for (const [id, text] of Object.entries(TARGETS) as [TargetId, string][]) {
    const mine = rows.filter((r) => r.target === id);
    if (mine.length === 0) lines.push(`| ${text} | - | - | not measured |`);
    for (const r of mine) {
      const value = r.value === null ? 'n/a' : `${r.value} ${r.unit}`;
      lines.push(
        `| ${text} | ${r.bound}${r.note ? ` (${r.note})` : ''} | ${value} | ${mark(r.met)} |`,
      );
    }
  }
  return lines.join('\n');
}

const list = await scripts(process.argv.slice(2));
const rows: BenchRow[] = [];
const failed: string[] = [];
for (const script of list) {
  process.stderr.write(`bench: ${script}\n`);
  const result = await run(script);
  rows.push(...result.rows);
  if (result.code !== 0) failed.push(`${script} (exit ${result.code})`);
}
console.log(table(rows));
if (failed.length) console.log(`\nscripts that failed: ${failed.join(', ')}`);
process.exitCode = failed.length ? 1 : 0;
