#!/usr/bin/env node
// The `dala` command. Runs the TypeScript sources through tsx so that there is no separate
// compile step to forget; `npm test` typechecks them with tsc.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
