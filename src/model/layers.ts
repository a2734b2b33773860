// The layers of the time slice (sources/layers.json), each described by what it holds: the names of
// its indicators and their publishers, derived from the registry so the prose never lags behind a
// table added to a layer.
import type { Registry } from '../sources/registry/load.js';
import type { Indicator } from './types.js';

export interface Layer {
  id: string;
  title_en: string;
  title_ru: string;
  title_kk: string;
  description: string;
}

export function buildLayers(registry: Registry, indicators: readonly Indicator[]): Layer[] {
  return registry.layers.map((l) => {
    const own = indicators.filter((i) => i.layer === l.id);
    const publishers = [
      ...new Set(own.map((i) => registry.sources.find((s) => s.id === i.source_id)!.publisher)),
    ];
    const listed = `${own.map((i) => i.name.en).join('; ')} (${publishers.join('; ')}).`;
    const demonstration = own.length > 0 && own.every((i) => i.review_status === 'demonstration');
    return {
      id: l.id,
      title_en: l.title.en,
      title_ru: l.title.ru,
      title_kk: l.title.kk,
      description: demonstration ? `DEMONSTRATION SAMPLE, not real data: ${listed}` : listed,
    };
  });
}
