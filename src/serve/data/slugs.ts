// The region-slug routes (docs/interface.md §4.2): slugs are the file names the release holds; an alias (another
// spelling, a legacy code) is not a slug, so it gets 404 with a pointer to the slug it stands for.
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { storeOf } from '../../store/reader.js';
import { SLUG_PATTERN } from '../../lib/slug.js';

export interface SlugRoute {
  dir: string; // under data/
  ext: string;
}

export const SLUG_ROUTES: SlugRoute[] = [
  { dir: 'geo/regions', ext: '.geojson' },
  { dir: 'region-analytics', ext: '.json' },
];

export function slugsIn(release: LoadedRelease, route: SlugRoute): string[] {
  const out: string[] = [];
  for (const path of release.files.keys()) {
    const rest = path.startsWith(route.dir + '/') ? path.slice(route.dir.length + 1) : null;
    if (rest && rest.endsWith(route.ext) && !rest.includes('/'))
      out.push(rest.slice(0, -route.ext.length));
  }
  return out.filter((s) => new RegExp(SLUG_PATTERN).test(s)).sort();
}

/** Slug(s) of the entity that `input` names as an alias, code or other spelling (case-insensitive). */
function aliasTarget(release: LoadedRelease, input: string): string[] {
  return storeOf(release).entities.aliasSlugs(input);
}

export function checkSlug(release: LoadedRelease, route: SlugRoute, slug: string): string {
  if (!new RegExp(SLUG_PATTERN).test(slug)) {
    throw new ProblemError(
      'invalid_slug',
      `slug ${JSON.stringify(slug)} must match ${SLUG_PATTERN}`,
      { pattern: SLUG_PATTERN },
    );
  }
  const valid = slugsIn(release, route);
  if (valid.includes(slug)) return `${route.dir}/${slug}${route.ext}`;
  const suggestions = aliasTarget(release, slug).filter((s) => valid.includes(s));
  const hint = suggestions.length
    ? ` "${slug}" is an alias of ${suggestions.map((s) => `"${s}"`).join(', ')}.`
    : '';
  throw new ProblemError(
    'unknown_slug',
    `no region with slug "${slug}" in /data/${route.dir}/.${hint} Valid slugs: ${valid.join(', ')}`,
    {
      slug,
      valid_slugs: valid,
      ...(suggestions.length ? { suggestions } : {}),
    },
  );
}
