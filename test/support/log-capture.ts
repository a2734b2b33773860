// A real pino logger (Fastify's own) that keeps every line, so tests can assert what an operator reads.
import { Writable } from 'node:stream';
import { pino } from 'pino';

export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const find = (pattern: RegExp) => lines.filter((l) => pattern.test(String(l['msg'] ?? '')));
  return { logger, lines, find };
}
