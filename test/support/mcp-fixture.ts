// The v1 fixture release (test/support/v1-fixture.ts) with what the MCP tools cite values by: a
// dataset passport naming the population indicator among its parts, and that family's sealed CSV
// (every population point of the store), so a value's permalink names a file that holds it. Rows are
// test fixtures (meta.kind test-fixture), never published.
import { entity, makeV1Release, v1Store } from './v1-fixture.js';

export const FAMILY_CSV = 'datasets/population.csv';

export function makeMcpRelease(
  releasesDir?: string,
  opts: { karaganda2024?: number; builtAt?: string } = {},
) {
  const points = v1Store(opts).points.filter((p) => p.metric === 'population');
  const csv = [
    'metric,place,period,value,null_reason,unit,status,source_id',
    ...points.map((p) =>
      [
        p.metric,
        p.place,
        p.period,
        p.value ?? '',
        p.null_reason ?? '',
        p.unit,
        p.status,
        p.source_id,
      ].join(','),
    ),
  ].join('\n');
  return makeV1Release(releasesDir, {
    ...opts,
    extraEntities: [
      entity(
        'dataset:population-family',
        'dataset',
        'Population by region (fixture family file)',
        'Население (файл семейства)',
        'Халық саны (топтама файлы)',
        {
          as_of: '2025-12-31',
          sla_days: 365,
          historical: false,
          parts: [{ as_of: '2025-12-31', indicator: 'population' }],
          path: 'datasets/population.json',
          csv_path: FAMILY_CSV,
          description: 'Fixture: every population point of the fixture store.',
        },
      ),
    ],
    extraFiles: { [`data/${FAMILY_CSV}`]: csv + '\n' },
  });
}
