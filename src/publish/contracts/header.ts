import type { Model, SourceDef } from '../../model/model.js';
import type { Point } from '../../model/types.js';

export const CONTRACT_VERSION = '1.0.0';

export function header(model: Model, contract: string) {
  return {
    contract,
    contract_version: CONTRACT_VERSION,
    built_at: model.builtAt,
    as_of: model.asOf,
  };
}

export function sourceRef(model: Model, id: string) {
  const source = model.sources.find((s) => s.id === id);
  if (!source) throw new Error(`unknown source id ${id}`);
  return { id: source.id, title: source.title, url: source.url, revision: source.revision };
}

export function sourceOf(model: Model, id: string): SourceDef {
  const source = model.sources.find((s) => s.id === id);
  if (!source) throw new Error(`unknown source id ${id}`);
  return source;
}

/** A point as a published figure: value or null with a reason, with unit, period and source. */
export function figureOf(model: Model, p: Point) {
  return {
    value: p.value,
    null_reason: p.null_reason,
    unit: p.unit,
    period: p.period,
    period_start: p.period_start,
    period_end: p.period_end,
    status: p.status,
    source: sourceRef(model, p.source_id),
    note: p.note,
  };
}
