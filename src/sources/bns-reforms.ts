// Border changes that explain the gaps and overlaps in the Bureau's regional tables.
// 2018: South Kazakhstan region (KATO 51) became Turkistan region (KZ-61), and Shymkent became a
//   city of republican significance (KZ-79), by Presidential decree of 19 June 2018.
// 2022: Abai (KZ-10) split from East Kazakhstan, Jetisu (KZ-33) from Almaty region, Ulytau (KZ-62)
//   from Karaganda, by Presidential decree of 3 May 2022, in force 8 June 2022.

import { BEFORE_REFORM, RECALCULATED_TO } from '../lib/series-breaks.js';

/**
 * Place code for the abolished South Kazakhstan region. It is not an ISO 3166-2 code: the region
 * has none today. Its series overlaps Turkistan + Shymkent where the Bureau recalculated both
 * (GRP 2011-2017 annual; unemployment 2014-2017 with Shymkent): never add it to them.
 */
export const SOUTH_KAZAKHSTAN_LEGACY = 'KZ-SOUTH-KAZAKHSTAN-LEGACY';

export interface BorderChange {
  /** Day the new borders took effect. */
  date: string;
  /** New place -> the place it was carved from. */
  parentOf: Record<string, string>;
  /** Places that ceased to exist on `date`. */
  abolished: string[];
  /** Reason for an empty cell of a new place in a period ending before `date`. */
  reasonBefore: string;
  /** Reason for an empty cell of an abolished place in a period ending on or after `date`. */
  reasonAfter: string;
  /** Note on every value of an abolished place. */
  abolishedNote: string;
}

export const BORDER_CHANGES: readonly BorderChange[] = [
  {
    date: '2018-06-19',
    parentOf: { 'KZ-61': SOUTH_KAZAKHSTAN_LEGACY, 'KZ-79': SOUTH_KAZAKHSTAN_LEGACY },
    abolished: [SOUTH_KAZAKHSTAN_LEGACY],
    reasonBefore:
      'not published: Turkistan region and Shymkent city were formed from South Kazakhstan in June 2018; the Bureau recalculated only some earlier periods',
    reasonAfter: 'region abolished in the 2018 reform (split into Turkistan region KZ-61 and Shymkent city KZ-79)',
    abolishedNote:
      'former South Kazakhstan region (to June 2018), the area of today\'s KZ-61 + KZ-79; where those are also published for the same period, never add them together',
  },
  {
    date: '2022-06-08',
    parentOf: { 'KZ-10': 'KZ-63', 'KZ-33': 'KZ-19', 'KZ-62': 'KZ-35' },
    abolished: [],
    reasonBefore: 'region did not exist before 2022 reform',
    reasonAfter: '',
    abolishedNote: '',
  },
];

/** Why a place has no value in a period, when a border change explains it; null otherwise. */
export function borderNullReason(place: string, periodEnd: string): string | null {
  for (const change of BORDER_CHANGES) {
    if (change.parentOf[place] !== undefined && periodEnd < change.date) return change.reasonBefore;
    if (change.abolished.includes(place) && periodEnd >= change.date) return change.reasonAfter;
  }
  return null;
}

/** Note carried by every value of an abolished place, or null. */
export function abolishedPlaceNote(place: string): string | null {
  for (const change of BORDER_CHANGES) if (change.abolished.includes(place)) return change.abolishedNote;
  return null;
}

/**
 * Notes for a period where the Bureau back-cast new places before their creation date: the new
 * places' values are recalculated to the new borders, and so are their parents' values in that
 * same period; a parent period still in the old borders is not comparable with it.
 * `present` = places that have a value in the period. Returns place -> note.
 */
export function backcastNotes(present: ReadonlySet<string>, periodEnd: string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const change of BORDER_CHANGES) {
    if (periodEnd >= change.date) continue;
    const children = Object.keys(change.parentOf).filter((p) => present.has(p));
    if (children.length === 0) {
      // Not back-cast: a surviving parent is published in its old borders, which still hold the
      // places carved from it later. That is a series break against every period in the new borders.
      for (const parent of new Set(Object.values(change.parentOf))) {
        if (!present.has(parent) || change.abolished.includes(parent)) continue;
        const held = Object.keys(change.parentOf).filter((c) => change.parentOf[c] === parent).join(', ');
        notes.set(parent, `${BEFORE_REFORM} the ${change.date} reform, still including ${held}; not comparable with periods in the new borders`);
      }
      continue;
    }
    for (const child of children) {
      notes.set(child, `${RECALCULATED_TO} ${change.date} (the place did not exist yet)`);
      const parent = change.parentOf[child] as string;
      if (!present.has(parent) || change.abolished.includes(parent)) continue;
      const siblings = children.filter((c) => change.parentOf[c] === parent).join(', ');
      notes.set(
        parent,
        `${RECALCULATED_TO} ${change.date} (without ${siblings}); compare only with periods in the same borders`,
      );
    }
  }
  return notes;
}
