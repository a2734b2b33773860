// A small Model for contract tests: three real region rows (Karaganda and the Almaty homonyms KZ-19
// and KZ-75, copied from sources/regions.json), two districts, three institutions, one indicator,
// one event, four sources (population; geokz, iso-3166 and osm, which the geography contracts cite) and one dataset. Geometries are small squares (test fixtures, never published).
import type { Feature, Point as GeoPoint } from 'geojson';
import type { Model } from '../../src/model/model.js';
import { feature, square, testRegions } from './test-model-places.js';

export function makeTestModel(): Model {
  const regions = testRegions();
  const geoRegions = regions.map((r, i) => ({
    iso: r.iso,
    full: feature({ iso: r.iso }, square(70 + i * 2, 45)),
    areaKm2: 9000 + i,
  }));
  const centre = (name: string, x: number, note: string | null = null): Feature<GeoPoint> => ({
    type: 'Feature',
    properties: { name_en: name, note },
    geometry: { type: 'Point', coordinates: [x, 45.5] },
  });
  return {
    builtAt: '2026-01-15T00:00:00.000Z',
    asOf: '2025-12-31',
    nameTables: { historical: [], abbreviations: [] },
    passports: [
      {
        id: 'bns-population',
        path: 'bns/population_avg_annual_by_region.csv',
        origin_url: 'https://github.com/makenerzhan-gif/kazakhstan-economic-data',
        licence: 'official statistics; reuse terms not verified',
        attribution: 'Bureau of National Statistics',
        retrieved: '2026-01-01',
        sha256: 'a'.repeat(64),
        bytes: 100,
      },
      {
        id: 'osm',
        path: 'osm/kz_osm_admin1_relations.csv',
        origin_url: 'https://github.com/timateus/steppe-by-steppe',
        licence: 'ODbL 1.0',
        attribution: '© OpenStreetMap contributors',
        retrieved: '2026-01-01',
        sha256: 'b'.repeat(64),
        bytes: 200,
      },
    ],
    sources: [
      {
        id: 'bns-population',
        title: 'Average annual population by region',
        publisher: 'Bureau of National Statistics',
        url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
        licence: 'official statistics; reuse terms not verified',
        attribution: 'Source: Bureau of National Statistics',
        reuse_terms_verified: false,
        files: ['bns/population_avg_annual_by_region.csv'],
        revision: '0123456789abcdef',
        review_status: 'reviewed',
      },
      {
        id: 'geokz',
        title: 'geokz 1.0.2 administrative boundaries',
        publisher: 'A. Rodionov (geokz)',
        url: 'https://github.com/arodionoff/geokz',
        licence: 'CC BY 4.0',
        attribution: 'Boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0',
        reuse_terms_verified: true,
        files: ['geokz-1.0.2/kaz_admbnda_adm2_2024.shp'],
        revision: '00112233445566ff',
        review_status: 'reviewed',
      },
      {
        id: 'iso-3166',
        title: 'ISO 3166-2:KZ subdivision codes',
        publisher: 'ISO 3166 Maintenance Agency',
        url: 'https://www.iso.org/obp/ui/#iso:code:3166:KZ',
        licence: 'MIT (package)',
        attribution: 'ISO 3166-2:KZ via iso-3166',
        reuse_terms_verified: true,
        files: ['reference/iso-3166-2-kz.json'],
        revision: '1111222233334444',
        review_status: 'reviewed',
      },
      {
        id: 'osm',
        title: 'OpenStreetMap relation ids',
        publisher: 'OpenStreetMap contributors',
        url: 'https://www.openstreetmap.org/',
        licence: 'ODbL 1.0',
        attribution: '© OpenStreetMap contributors',
        reuse_terms_verified: true,
        files: ['osm/kz_osm_admin1_relations.csv'],
        revision: 'fedcba9876543210',
        review_status: 'reviewed',
      },
    ],
    regions,
    districtCoverage: [],
    districts: [
      {
        id: 'place:KZ-19/KZ191000',
        pcode: 'KZ191000',
        region_iso: 'KZ-19',
        name: { en: 'Balkhash', ru: 'Балхашский', kk: 'Балқаш' },
        corrections: [],
      },
      {
        id: 'place:KZ-35/KZ351600',
        pcode: 'KZ351600',
        region_iso: 'KZ-35',
        name: { en: 'Osakarovka', ru: 'Осакаровский', kk: 'Осакаров' },
        corrections: ['ADM2_RU fixed: test correction'],
      },
    ],
    indicators: [
      {
        id: 'population',
        layer: 'demography',
        topics: ['population'],
        family: 'headline',
        dataset: 'population',
        name: {
          en: 'Average annual population',
          ru: 'Среднегодовая численность населения',
          kk: 'Халықтың орташа жылдық саны',
        },
        unit: 'persons',
        frequency: 'annual',
        aggregation: 'sum',
        source_id: 'bns-population',
        bureau_table: '6576',
        series_breaks: [],
        notes: '',
        source_url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
        review_status: 'unreviewed',
      },
    ],
    layers: [
      {
        id: 'demography',
        title_en: 'Demography',
        title_ru: 'Демография',
        title_kk: 'Демография',
        description: 'Average annual population (Bureau of National Statistics).',
      },
    ],
    topics: {
      scheme: {
        id: 'dala-topics',
        title: { en: 'Dala topics', ru: 'Темы Dala', kk: 'Dala тақырыптары' },
      },
      topics: [
        {
          id: 'population',
          kind: 'domain',
          name: {
            en: 'Population and demography',
            ru: 'Население и демография',
            kk: 'Халық және демография',
          },
          source_url: 'https://stat.gov.kz/en/industries/social-statistics/demography/',
          review_status: 'unreviewed',
        },
      ],
    },
    // The abolished South Kazakhstan region is cited by series before 2018: the graph must still name it.
    points: [
      ...regions.map((r) => [r.iso, '2025'] as const),
      ['KZ-SOUTH-KAZAKHSTAN-LEGACY', '2017'] as const,
    ].map(([place, year]) => ({
      metric: 'population',
      place,
      period: year,
      period_start: `${year}-01-01`,
      period_end: `${year}-12-31`,
      value: 1_000_000,
      null_reason: null,
      status: 'final' as const,
      unit: 'persons',
      source_id: 'bns-population',
      note: null,
    })),
    institutions: [
      {
        id: 'institution:akimat-almaty-city',
        kind: 'akimat',
        name: {
          en: 'Akimat of Almaty',
          ru: 'Акимат города Алматы',
          kk: 'Алматы қаласының әкімдігі',
        },
        website: 'https://www.gov.kz/memleket/entities/almaty',
        region_iso: 'KZ-75',
        responsible_person: null,
        responsible_person_null_reason: 'no cited official page names the akim in this release',
        source_url: 'https://www.gov.kz/memleket/entities/almaty',
        review_status: 'unreviewed',
      },
      {
        id: 'institution:akimat-karaganda-region',
        kind: 'akimat',
        name: {
          en: 'Akimat of Karaganda Region',
          ru: 'Акимат Карагандинской области',
          kk: 'Қарағанды облысының әкімдігі',
        },
        website: 'https://www.gov.kz/memleket/entities/karaganda',
        region_iso: 'KZ-35',
        responsible_person: null,
        responsible_person_null_reason: 'no cited official page names the akim in this release',
        source_url: 'https://www.gov.kz/memleket/entities/karaganda',
        review_status: 'unreviewed',
      },
      {
        id: 'institution:bureau-of-national-statistics',
        kind: 'agency',
        name: {
          en: 'Bureau of National Statistics',
          ru: 'Бюро национальной статистики',
          kk: 'Ұлттық статистика бюросы',
        },
        website: 'https://stat.gov.kz',
        region_iso: null,
        responsible_person: null,
        responsible_person_null_reason: 'no cited official page names the head in this release',
        source_url: 'https://stat.gov.kz',
        review_status: 'unreviewed',
      },
    ],
    events: [
      {
        id: 'event:2022-06-08-new-regions',
        date: '2022-06-08',
        kind: 'reform',
        place: 'KZ',
        title: {
          en: 'Three new regions formed',
          ru: 'Образованы три новые области',
          kk: 'Үш жаңа облыс құрылды',
        },
        source_url: 'https://adilet.zan.kz/',
        review_status: 'unreviewed',
      },
    ],
    holidays: [],
    legacyPlaces: [
      {
        id: 'place:KZ-SOUTH-KAZAKHSTAN-LEGACY',
        code: 'KZ-SOUTH-KAZAKHSTAN-LEGACY',
        kind: 'former_region',
        name: {
          en: 'South Kazakhstan Region',
          ru: 'Южно-Казахстанская область',
          kk: 'Оңтүстік Қазақстан облысы',
        },
        aliases: ['Ontustik Kazakhstan'],
        valid_until: '2018-06-19',
        successors: [
          { place: 'KZ-19', relation: 'renamed_to', date: '2018-06-19', note: 'test successor' },
        ],
        note: 'test legacy place',
        source_url: 'https://example.org/decree',
        review_status: 'unreviewed',
      },
    ],
    flags: { preliminaryColumns: [] },
    media: {
      provenance: { kind: 'demonstration', note: 'synthetic test sample' },
      publications: [
        {
          id: 'm1',
          date: '2025-12-01',
          source: 'demo',
          topic: 'economy',
          region_iso: 'KZ-35',
          title: 'Demo 1',
        },
        {
          id: 'm2',
          date: '2025-12-02',
          source: 'demo',
          topic: 'economy',
          region_iso: 'KZ-35',
          title: 'Demo 2',
        },
        {
          id: 'm3',
          date: '2025-12-03',
          source: 'demo',
          topic: 'society',
          region_iso: null,
          title: 'Demo 3',
        },
      ],
    },
    geo: {
      regions: geoRegions,
      adm1Simplified: { type: 'FeatureCollection', features: geoRegions.map((g) => g.full) },
      adm1Drawing: { type: 'FeatureCollection', features: geoRegions.map((g) => g.full) },
      simplification: { bytes: 4096, maxAreaError: 0.004 },
      districts: [
        feature(
          { id: 'place:KZ-19/KZ191000', pcode: 'KZ191000', region_iso: 'KZ-19' },
          square(70, 45),
        ),
        feature(
          { id: 'place:KZ-35/KZ351600', pcode: 'KZ351600', region_iso: 'KZ-35' },
          square(72, 45),
        ),
      ],
      adm2Simplified: {
        type: 'FeatureCollection',
        features: [
          feature(
            { id: 'place:KZ-19/KZ191000', pcode: 'KZ191000', region_iso: 'KZ-19' },
            square(70, 45),
          ),
          feature(
            { id: 'place:KZ-35/KZ351600', pcode: 'KZ351600', region_iso: 'KZ-35' },
            square(72, 45),
          ),
        ],
      },
      adm2Simplification: { bytes: 2048, maxAreaError: 0.001, retained: 1 },
      centres: [
        centre('Konaev', 70.5),
        centre('Karaganda', 72.5),
        centre('Almaty', 74.5),
        centre('Astana', 71.5, 'geokz 2022 names it Nur-Sultan'),
      ],
    },
    datasets: [
      {
        id: 'official-regional-indicators',
        title: 'Official regional indicators',
        description: 'Population by region',
        path: 'official-regional-indicators.json',
        csv_path: null,
        source_ids: ['bns-population'],
        as_of: '2025-12-31',
        sla_days: 400,
        historical: false,
        quality_status: 'official',
        publication_limits: 'official statistics; cite the Bureau',
      },
    ],
  };
}
