// `dala serve --benchmark` for the search bench's HTTP runs, with one difference: the v1 rate limit
// is lifted, since every request of the 50-connection run comes from 127.0.0.1 and would otherwise
// be answered 429 after the burst. Everything else (answer cache, load shedding, store loading) is
// the production server's. Prints the address on stdout once listening.
// Run: node --import tsx bench/search/serve.ts RELEASES_DIR
import { allowSyntheticStores } from '../../src/store/open.js';
import { startServer } from '../../src/serve/server.js';
import { SERVE_MAX_EVENT_LOOP_DELAY_MS } from '../../src/serve/front/limits.js';

allowSyntheticStores(true);
const server = await startServer({
  releasesDir: process.argv[2]!, port: 0, logger: false,
  v1: { rateLimit: { burst: 1e9, refillPerSecond: 1e9 } },
  limits: { maxEventLoopDelayMs: SERVE_MAX_EVENT_LOOP_DELAY_MS },
});
console.log(server.url);
