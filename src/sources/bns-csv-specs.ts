// Specs for the three Bureau CSV snapshots (passports bns-population, bns-employed and
// bns-unemployment in sources/passports.json): metric, unit, published precision and the known faults
// found in them. Each annotation names the value it expects, so a changed snapshot
// makes the build fail instead of flagging the wrong number.
import type { BnsCsvSpec } from './bns-csv.js';

export const POPULATION_SPEC: BnsCsvSpec = {
  metric: 'population',
  unit: 'persons',
  source_id: 'bns-population',
  // Averages of two counts: halves are published (…,654991.5), so one decimal.
  decimals: 1,
};

export const EMPLOYED_SPEC: BnsCsvSpec = {
  metric: 'employed',
  unit: 'thousand persons',
  source_id: 'bns-employed',
  decimals: 3, // thousands with three decimals = whole persons
  // the 2022 border break of Almaty region, Karaganda and East Kazakhstan is marked by bns-breaks.ts, as for every family
};

export const UNEMPLOYMENT_SPEC: BnsCsvSpec = {
  metric: 'unemployment_rate',
  unit: 'percent',
  source_id: 'bns-unemployment',
  // The Bureau publishes rates to one decimal; the transcription kept computed decimals for
  // some 2007/2008 values (7.257656208033504), which are rounded and noted.
  decimals: 1,
  annotations: [
    {
      place: 'KZ',
      year: 2019,
      expect: 3.6,
      status: 'suspicious',
      note: 'suspicious: the transcription has 3.6, the Bureau headline unemployment rate for 2019 is 4.8, and the Bureau\'s quarterly table gives 4.8 for the year 2019 too (indicator unemployment_rate_quarterly)',
    },
    {
      place: 'KZ-63',
      year: 2023,
      expect: 3.4,
      status: 'suspicious',
      note: 'suspicious: 3.4 is out of line with 4.7 (2022) and 4.6 (2024) for East Kazakhstan',
    },
  ],
};
