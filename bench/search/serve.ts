// `dala serve --benchmark` for the search bench's HTTP runs, with one difference: the v1 rate limit
// and the per-address bound on answers in flight are lifted, since every request of the 50-connection
// run comes from 127.0.0.1 and would otherwise be answered 429 after the burst, or 503. Everything else (answer cache, load shedding, store loading) is
// the production server's. Prints the address on stdout once listening.
// Run: node --import tsx bench/search/serve.ts RELEASES_DIR
import { allowSyntheticStores } from '../../src/store/open.js';
import { startServer } from '../../src/serve/server.js';
import { SERVE_MAX_EVENT_LOOP_DELAY_MS } from '../../src/serve/front/limits.js';

allowSyntheticStores(true);
const server = await startServer({
  releasesDir: process.argv[2]!,
  port: 0,
  logger: false,
  v1: { rateLimit: { burst: 1e9, refillPerSecond: 1e9 } },
  // the 50-connection run stands for 50 clients but comes from one address: the per-address bound on
  // answers in flight (16) would refuse most of it with 503, so it is lifted to the connections
  limits: { maxEventLoopDelayMs: SERVE_MAX_EVENT_LOOP_DELAY_MS, maxAnswersPerAddress: 64 },
});
console.log(server.url);
