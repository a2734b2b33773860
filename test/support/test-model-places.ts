// The test model's places (support/test-model.ts): three real region rows copied from
// sources/regions.json (Karaganda and the Almaty homonyms KZ-19 and KZ-75), and the small squares
// their test geometries are (fixtures, never published).
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Region } from '../../src/model/types.js';

const ISO_URL = 'https://www.iso.org/obp/ui/#iso:code:3166:KZ';

function region(
  iso: string,
  kind: Region['kind'],
  slug: string,
  osm: number,
  en: string,
  ru: string,
  kk: string,
  official: [string, string, string],
  centre: [string, string, string],
  aliases: string[],
  legacy: string[],
): Region {
  const n = iso.slice(3);
  return {
    id: `place:${iso}`,
    iso,
    kato: `${n}0000000`,
    kind,
    slug,
    name: { en, ru, kk },
    official_name: { en: official[0], ru: official[1], kk: official[2] },
    aliases,
    legacy_codes: legacy,
    admin_centre: { en: centre[0], ru: centre[1], kk: centre[2] },
    osm_relation_id: osm,
    geokz_pcode: `KZ${n}`,
    bns_grp_label: en,
    source_url: ISO_URL,
    review_status: 'reviewed',
  };
}

export function square(x: number, y: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + 1, y],
        [x + 1, y + 1],
        [x, y + 1],
        [x, y],
      ],
    ],
  };
}

export function feature(
  props: Record<string, unknown>,
  geometry: Polygon,
): Feature<Polygon | MultiPolygon> {
  return { type: 'Feature', properties: props, geometry };
}

/** The three real region rows: the Almaty homonyms KZ-19 and KZ-75 and Karaganda. */
export function testRegions(): Region[] {
  return [
    region(
      'KZ-19',
      'region',
      'almaty-region',
      215718,
      'Almaty',
      'Алматинская',
      'Алматы',
      ['Almaty Region', 'Алматинская область', 'Алматы облысы'],
      ['Konaev', 'Конаев', 'Қонаев'],
      ['Konaev', 'Қонаев'],
      ['KZ-ALM', 'KZ19'],
    ),
    region(
      'KZ-35',
      'region',
      'karaganda',
      215776,
      'Karaganda',
      'Карагандинская',
      'Қарағанды',
      ['Karaganda Region', 'Карагандинская область', 'Қарағанды облысы'],
      ['Karaganda', 'Караганда', 'Қарағанды'],
      ['Karagandy', 'Qaraghandy'],
      ['KZ-KAR', 'KZ35'],
    ),
    region(
      'KZ-75',
      'city',
      'almaty',
      2465058,
      'Almaty',
      'Алматы',
      'Алматы',
      ['Almaty city', 'город Алматы', 'Алматы қаласы'],
      ['Almaty', 'Алматы', 'Алматы'],
      ['Alma-Ata', 'Алма-Ата'],
      ['KZ-ALA', 'KZ75'],
    ),
  ];
}
