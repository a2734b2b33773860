// What the explorer hands its page and its embed: the view, the data of the indicator shown and how
// it is shown (app.tsx makes it; null parts are still loading).
import type { DimensionId } from '../../src/lib/dimensions.js';
import type { Base, Metric, RegionFeature } from './api';
import type { Drawn } from './data';
import type { T } from './i18n';
import type { PerCapita } from './per-capita';
import type { Shown } from './shown';
import type { View } from './view';

export interface AppContext {
  view: View;
  update: (patch: Partial<View>) => void;
  t: T;
  base: Base | null;
  indicators: Metric[];
  indicator: Metric | null;
  missing: string | null; // the indicator the URL named that the explorer does not offer
  metric: Metric | null; // the series of the breakdown chosen
  perCapita: PerCapita;
  shown: Shown | null;
  drawn: Drawn | null;
  splits: DimensionId[];
  regions: Map<string, RegionFeature>;
  nameOf: (iso: string) => string;
  sourceOf: (id: string, indicator?: string) => { title: string; url: string | null };
  error: string | null;
}
