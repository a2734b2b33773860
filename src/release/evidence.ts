// evidence/: the validation report and the counts and checks a release must pass.
// A failed check throws, so a release without its full evidence is never sealed.
import type { Model } from '../model/model.js';
import type { Artifact } from '../publish/artifact.js';
import { adm1FileBytes } from '../publish/contracts/regions.js';
import { POINT_COUNTS_NOTE, pointCounts } from '../publish/point-counts.js';
import type { StandardCheck } from '../publish/standards/profiles.js';

export function buildEvidence(
  model: Model,
  artifacts: Artifact[],
  report: { path: string; schema: string; valid: true }[],
  standards: StandardCheck[],
) {
  const isoRegions = new Set(model.regions.map((r) => r.iso));
  const populationYears = [
    ...new Set(
      model.points
        .filter((p) => p.metric === 'population' && p.place === 'KZ')
        .map((p) => p.period),
    ),
  ].sort();
  const populationSums = populationYears.map((year) => {
    const national = model.points.find(
      (p) => p.metric === 'population' && p.place === 'KZ' && p.period === year,
    )!.value;
    const regions = model.points.filter(
      (p) => p.metric === 'population' && isoRegions.has(p.place) && p.period === year,
    );
    const sum = regions.reduce((s, p) => s + (p.value ?? NaN), 0);
    return {
      year,
      national,
      regions_sum: Math.round(sum * 10) / 10,
      regions: regions.length,
      equal: national !== null && Math.abs(sum - national) < 0.5,
    };
  });
  const checks = [
    check('20 regions', model.regions.length === 20, `${model.regions.length}`),
    check('20 region geometries', model.geo.regions.length === 20, `${model.geo.regions.length}`),
    check('adm1 file <= 400 KB', adm1FileBytes(model) <= 400_000, `${adm1FileBytes(model)} bytes`),
    check(
      'adm1 area error <= 1%',
      model.geo.simplification.maxAreaError <= 0.01,
      `${model.geo.simplification.maxAreaError}`,
    ),
    check('55 institutions', model.institutions.length === 55, `${model.institutions.length}`),
    check(
      '20 region briefs',
      artifacts.filter((a) => a.path.startsWith('region-briefs/') && a.path.endsWith('.pdf'))
        .length === 20,
      '',
    ),
    check(
      'population: regions sum to the national figure every year',
      populationSums.every((s) => s.equal && s.regions === 20),
      populationSums.map((s) => s.year).join(','),
    ),
    check(
      'no zero stands for a missing value',
      model.points.every((p) => (p.value === null) === (p.null_reason !== null)),
      '',
    ),
  ];
  const failed = checks.filter((c) => !c.passed);
  if (failed.length)
    throw new Error(
      `release checks failed: ${failed.map((c) => `${c.id} (${c.detail})`).join('; ')}`,
    );
  return {
    validation: { validated: report.length, all_valid: true, artifacts: report, standards },
    counts: {
      regions: model.regions.length,
      districts: model.districts.length,
      institutions: model.institutions.length,
      indicators: model.indicators.length,
      ...pointCounts(model),
      point_counts_note: POINT_COUNTS_NOTE,
      events: model.events.length,
      datasets: model.datasets.length,
      artifacts: artifacts.length,
      pdfs: artifacts.filter((a) => a.path.endsWith('.pdf')).length,
      population_sums: populationSums,
      checks,
    },
  };
}

function check(id: string, passed: boolean, detail: string) {
  return { id, passed, detail };
}
