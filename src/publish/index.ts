// Model -> every /data/ artifact. Pure: no clock, no I/O; the same model gives the same bytes.
import type { Model } from '../model/model.js';
import type { Artifact, Publisher } from './artifact.js';
import { datasetCatalog, provenance } from './contracts/catalog.js';
import { entityPublishers } from './contracts/entity-family.js';
import {
  countryPulse,
  officialRegionalIndicators,
  publicObservations,
  seriesDatasets,
} from './contracts/indicators.js';
import { pdfArtifacts } from './contracts/pdfs.js';
import { geoFiles, regionAnalytics, regionOverview } from './contracts/regions.js';
import { standardArtifacts } from './standards/index.js';
import { datasetJsonStat } from './standards/dataset-jsonstat.js';
import { mediaWeeklyDigest } from './contracts/media-digest.js';
import { publicHolidayCalendar } from './contracts/public-holidays.js';
import { qualityReport } from './contracts/quality-report.js';
import { workbench } from './contracts/workbench.js';

const PUBLISHERS: Publisher[] = [
  countryPulse,
  officialRegionalIndicators,
  publicObservations,
  seriesDatasets,
  regionOverview,
  regionAnalytics,
  geoFiles,
  workbench,
  publicHolidayCalendar,
  qualityReport,
  mediaWeeklyDigest,
  datasetCatalog,
  ...entityPublishers,
];

/**
 * publicUrl: where the service answers, the base of the absolute URLs of the catalogue, the package
 * and the PDF citations; undefined (not configured), they are root-relative paths (lib/config.ts).
 */
export async function publishAll(model: Model, publicUrl?: string): Promise<Artifact[]> {
  const artifacts: Artifact[] = [];
  // The PDFs render on worker threads while this thread makes the other artifacts (the list's order,
  // and so every byte, as when they were made one after the other).
  const pdfs = pdfArtifacts(model, publicUrl);
  pdfs.catch(() => {}); // awaited below; a publisher failing first must not leave its failure unhandled
  for (const publish of PUBLISHERS) artifacts.push(...(await publish(model)));
  // before the catalogue and the package, which list every dataset's files
  artifacts.push(...datasetJsonStat(model, publicUrl));
  artifacts.push(...(await pdfs));
  artifacts.push(...(await standardArtifacts(model, artifacts, publicUrl)));
  artifacts.push(provenance(model, artifacts));
  const seen = new Set<string>();
  for (const a of artifacts) {
    if (seen.has(a.path)) throw new Error(`two publishers wrote data/${a.path}`);
    seen.add(a.path);
  }
  return artifacts.sort((a, b) => (a.path < b.path ? -1 : 1));
}
