// A thread of the PDF render pool (./render-pool.ts): renders each page it is sent with the same
// renderers the build's thread would call, and sends back its bytes or its error's message.
import { parentPort } from 'node:worker_threads';
import { renderIndicatorPassport } from './indicator-passport.js';
import { renderObservationCard } from './observation-card.js';
import { renderRegionBrief } from './region-brief.js';
import type { RenderJob, RenderOutcome } from './render-pool.js';

const render = (job: RenderJob): Promise<Buffer> => {
  switch (job.kind) {
    case 'indicator-passport':
      return renderIndicatorPassport(job.input);
    case 'observation-card':
      return renderObservationCard(job.input);
    case 'region-brief':
      return renderRegionBrief(job.input);
  }
};

parentPort!.on('message', (message: { id: number; job: RenderJob }) => {
  render(message.job).then(
    (bytes) => parentPort!.postMessage({ id: message.id, bytes } satisfies RenderOutcome),
    (error: unknown) =>
      parentPort!.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderOutcome),
  );
});
