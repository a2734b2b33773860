// The topics the indicator picker groups by, and an indicator's SDG number. Until the release carries
// a topic scheme, an indicator's topic is its time-slice layer (demography, economy, labour, …),
// named in the reader's language.
import type { Metric } from './api';
import { maybe, type T } from './i18n';
import type { Topic } from './picker';

export const topicsOf =
  (t: T) =>
  (m: Metric): Topic[] => [{ id: m.layer, name: maybe(t, `topic_${m.layer}`, m.layer) }];

export const sdgOf = (_m: Metric): string | null => null;
