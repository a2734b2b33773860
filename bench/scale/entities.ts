// SYNTHETIC benchmark data: a deterministic generator of searchable entities with kk, ru and en
// names of real-looking lengths, in Cyrillic and Latin, many sharing words ("ауданы", "район",
// "district", "ауылы", "село"). Every row says it is synthetic (data.synthetic = true, ids under
// "synthetic:"); none names a real place. Same n, same rows, in id order (the store's insert order).
import type { Row } from '../../src/store/tables.js';

// Syllables in Kazakh Cyrillic with a Latin spelling; names are built from 2 to 4 of them.
const SYLLABLES: readonly [string, string][] = [
  ['ақ', 'aq'],
  ['қара', 'qara'],
  ['су', 'su'],
  ['тау', 'tau'],
  ['бай', 'bai'],
  ['жан', 'zhan'],
  ['көл', 'kol'],
  ['сар', 'sar'],
  ['төбе', 'tobe'],
  ['құм', 'qum'],
  ['бұлақ', 'bulaq'],
  ['өзек', 'ozek'],
  ['шы', 'shy'],
  ['мір', 'mir'],
  ['нұр', 'nur'],
  ['ала', 'ala'],
  ['бел', 'bel'],
  ['кен', 'ken'],
  ['сай', 'sai'],
  ['тас', 'tas'],
  ['ор', 'or'],
  ['ой', 'oi'],
  ['жар', 'zhar'],
  ['ши', 'shi'],
  ['қыз', 'qyz'],
  ['ел', 'el'],
  ['ту', 'tu'],
  ['ар', 'ar'],
  ['қам', 'qam'],
  ['мұн', 'mun'],
];
const TO_RUSSIAN: Readonly<Record<string, string>> = {
  ә: 'а',
  ғ: 'г',
  қ: 'к',
  ң: 'н',
  ө: 'о',
  ұ: 'у',
  ү: 'у',
  һ: 'х',
  і: 'и',
};

/** The scaled release's one seeded PRNG (mulberry32), under the name the search bench imports. */
export { rng as prng } from './random.js';
import { rng as prng } from './random.js';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const russian = (kk: string) => [...kk].map((c) => TO_RUSSIAN[c] ?? c).join('');

export interface SyntheticEntity {
  entity: Row<'entities'>;
  names: Row<'entity_names'>[];
}

type Kind = 'district' | 'rural_district' | 'village' | 'school';

function namesFor(
  kind: Kind,
  kk: string,
  lat: string,
  n: number,
): { en: string; ru: string; kk: string } {
  const ru = russian(kk);
  switch (kind) {
    case 'district':
      return { en: `${cap(lat)} District`, ru: `${cap(ru)}ский район`, kk: `${cap(kk)} ауданы` };
    case 'rural_district':
      return {
        en: `${cap(lat)} rural district`,
        ru: `${cap(ru)}ский сельский округ`,
        kk: `${cap(kk)} ауылдық округі`,
      };
    case 'village':
      return { en: cap(lat), ru: `село ${cap(ru)}`, kk: `${cap(kk)} ауылы` };
    case 'school':
      return {
        en: `${cap(lat)} secondary school No. ${n}`,
        ru: `Средняя школа № ${n} села ${cap(ru)}`,
        kk: `${cap(kk)} ауылының № ${n} орта мектебі`,
      };
  }
}

/** The i-th synthetic entity of a generator seeded with `seed` (i from 0). */
export function syntheticEntity(i: number, seed = 1): SyntheticEntity {
  const rand = prng(seed * 1_000_003 + i);
  const parts = 2 + Math.floor(rand() * 3);
  let kk = '';
  let lat = '';
  for (let p = 0; p < parts; p++) {
    const [c, l] = SYLLABLES[Math.floor(rand() * SYLLABLES.length)]!;
    kk += c;
    lat += l;
  }
  const r = rand();
  const kind: Kind =
    r < 0.15 ? 'district' : r < 0.45 ? 'rural_district' : r < 0.85 ? 'village' : 'school';
  const names = namesFor(kind, kk, lat, 1 + Math.floor(rand() * 40));
  const id = `synthetic:${String(i).padStart(7, '0')}`;
  const type = kind === 'school' ? 'institution' : 'district';
  return {
    entity: {
      id,
      type,
      name_en: names.en,
      name_ru: names.ru,
      name_kk: names.kk,
      data: JSON.stringify({ id, kind, synthetic: true }),
    },
    names: [{ entity_id: id, name: id.slice('synthetic:'.length), lang: 'und', kind: 'code' }],
  };
}

/** n synthetic entities in id order. */
export function* syntheticEntities(n = 1_000_000, seed = 1): Generator<SyntheticEntity> {
  for (let i = 0; i < n; i++) yield syntheticEntity(i, seed);
}

/** The entities table rows of n synthetic entities, in id order. */
export function* syntheticEntityRows(n = 1_000_000, seed = 1): Generator<Row<'entities'>> {
  for (const e of syntheticEntities(n, seed)) yield e.entity;
}

/** The entity_names rows of n synthetic entities, in entity id order. */
export function* syntheticEntityNameRows(n = 1_000_000, seed = 1): Generator<Row<'entity_names'>> {
  for (const e of syntheticEntities(n, seed)) yield* e.names;
}
