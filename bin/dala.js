#!/usr/bin/env node
// The `dala` command. Runs the compiled JavaScript in dist/ (built by `npm run build`, which
// `npm ci` runs as the `prepare` script), so start-up loads no compiler. Without dist/, or with
// DALA_FROM_SOURCE=1 while developing, it runs the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
let main;
if (process.env.DALA_FROM_SOURCE !== '1' && existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
