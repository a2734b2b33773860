// The yardstick for /data/: a minimal Fastify route sending the same file's bytes from memory, with
// no hooks, logging or negotiation. Run as its own process: node --import tsx baseline-server.ts FILE
// prints "listening <url>" on stdout.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]!);
const app = Fastify({ logger: false });
app.get('/data/*', (_req, reply) => reply.type('application/json').send(body));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${url}`);
