// Loaded with `node --import`: records every module URL the process resolves (ESM resolve hook,
// which also sees the ESM-to-CommonJS edge into a package) and every CommonJS file it loads, and
// writes them to $DALA_MODULE_REPORT.<pid> when the process exits. One file per process: a cluster's
// workers are forked with the primary's --import, so each records its own modules.
import { createRequire, register } from 'node:module';
import { writeFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';

const seen = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => seen.add(url));
port1.unref();
register('./module-recorder-hooks.mjs', import.meta.url, {
  data: { port: port2 },
  transferList: [port2],
});

process.on('exit', () => {
  const cjs = Object.keys(createRequire(import.meta.url).cache);
  writeFileSync(
    `${process.env.DALA_MODULE_REPORT}.${process.pid}`,
    JSON.stringify([...seen, ...cjs]),
  );
});
