// A declared regional bulletin of the Bureau (sources/datasets/, reader kind bulletin-table) beside
// the production app serving the real release: each sheet read raw by its shape, as the build reads
// it, and what /api/v1 answers for the indicator, place and breakdown a raw cell maps to.
import assert from 'node:assert/strict';
import type { BulletinCell } from '../../src/sources/bns-bulletin-table.js';
import {
  bulletinPeriod,
  dimensionsOf,
  type BulletinPointsPart,
} from '../../src/sources/bns-bulletin-points.js';
import { declaredBulletin, declaredSheet } from './bulletin-declared.js';
import { servedRealRelease } from './real-app.js';

/** The app on the real release (a rate limit no test meets), with the v1 reads a bulletin's tests make. */
export function servedBulletins() {
  const served = servedRealRelease({ rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } });
  /** Every observation of an indicator in a period (at most one page: a bulletin's places and breakdowns). */
  const observations = async (
    indicator: string,
    period: string,
    dimensions: Record<string, string> = {},
  ) => {
    const q = new URLSearchParams({ indicator, period, limit: '100', ...dimensions });
    const body = await served.json(`/api/v1/observations?${q}`);
    assert.equal(body.meta.next_cursor ?? null, null, `${indicator}: more than one page`);
    return body.data as {
      place: string;
      value: number | null;
      null_reason: string | null;
      dimensions: Record<string, string>;
      note: string | null;
    }[];
  };
  const indicator = async (id: string) =>
    (await served.json(`/api/v1/indicators/${encodeURIComponent(`indicator:${id}`)}`)).data;
  /**
   * Every cell of every declared sheet equals what v1 answers for its indicator, place and breakdown
   * (a null with its reason), and v1 answers nothing the sheets do not hold; returns how many were compared.
   */
  const compareEveryCell = async (sourceId: string) => {
    const { reader } = await declaredBulletin(sourceId);
    const raw = new Map<string, BulletinCell>();
    // a column of stocks at the end of the period is published at the instant it ends
    const atEnd = new Set(
      reader.parts.flatMap((p) =>
        Object.values(p.columns)
          .filter((c) => c.atEnd)
          .map((c) => c.metric!),
      ),
    );
    for (const declared of reader.parts) {
      const part = declared as BulletinPointsPart;
      const { raw: cells } = await declaredSheet(sourceId, part.sheet);
      for (const c of cells) {
        const metric = part.columns[c.column]!.metric;
        if (metric === undefined) continue;
        const area = dimensionsOf(part, part.columns[c.column]!, c.block).dimensions?.area;
        const key = `${metric}|${reader.places[c.label]}|${area ?? ''}`;
        assert.ok(!raw.has(key), `${part.sheet}!${c.address}: ${key} twice`);
        raw.set(key, { ...c, address: `${part.sheet}!${c.address}` });
      }
    }
    const metrics = new Set([...raw.keys()].map((k) => k.split('|')[0]!));
    let compared = 0;
    for (const m of metrics) {
      const withArea = [...raw.keys()].some((k) => k.startsWith(`${m}|`) && !k.endsWith('|'));
      const period = atEnd.has(m) ? bulletinPeriod(reader.period).period_end : reader.period;
      for (const o of await observations(m, period, withArea ? { area: '_T,U,R' } : {})) {
        const c = raw.get(`${m}|${o.place.replace(/^place:/u, '')}|${o.dimensions.area ?? ''}`);
        assert.ok(
          c,
          `${m} ${o.place} ${JSON.stringify(o.dimensions)}: published, but no cell holds it`,
        );
        assert.equal(o.value, c.value, `${c.address} (${c.label}, column ${c.column})`);
        if (c.value === null)
          assert.equal(
            o.null_reason?.startsWith(c.nullReason!),
            true,
            `${c.address}: ${o.null_reason}`,
          );
        compared++;
      }
    }
    assert.equal(compared, raw.size, 'every raw cell is published once');
    return compared;
  };
  return { ...served, observations, indicator, compareEveryCell };
}
