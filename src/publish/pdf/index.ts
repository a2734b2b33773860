// One-page PDFs listed by the three manifests of docs/interface.md §2.2.
export { renderIndicatorPassport } from './indicator-passport.js';
export { renderObservationCard } from './observation-card.js';
export { renderRegionBrief } from './region-brief.js';
export type {
  IndicatorPassportInput,
  ObservationCardInput,
  RegionBriefInput,
  RegionBriefIndicator,
  PageCommon,
} from './inputs.js';
