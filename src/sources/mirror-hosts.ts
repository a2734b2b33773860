// Hosts that republish other publishers' pages: scraped or machine-translated Wikipedia copies,
// AI-written encyclopedias, aggregators that repost news agencies' stories. A review must rest on the
// page that first published the fact (the decree on adilet.zan.kz or akorda.kz, gov.kz, stat.gov.kz,
// nationalbank.kz), never on a copy: a copy may be stale, altered or unattributed, and a reader cannot
// tell which. Nor on a news report of a decree (NEWS_HOSTS): the report is not the decree, and a
// reviewed fact a decree states is read in the decree. A host is listed once it was met in a review;
// a listed domain covers its subdomains (de.zxc.wiki under zxc.wiki).
export const MIRROR_HOSTS: readonly string[] = [
  'hmong.ru', // Wikipedia copies
  'wikivisually.com',
  'slide.travel',
  'zxc.wiki',
  'owiki.org',
  'shortpedia.org',
  'wiki.li',
  'wiki.golden.com',
  'profilpelajar.com',
  'memim.com',
  'thefullwiki.org',
  'pishika.ru',
  'wiki7.org',
  'graphsearch.epfl.ch',
  's.gtool.pro', // a proxy serving other sites' pages
  'grokipedia.com', // machine-written encyclopedia
  'localcityguide.net', // pages compiled from other sites
  'everywherenews.net', // news aggregators reposting agencies' stories
  'world-news.tech',
  'thelatestnews.world',
  'news.mail.ru',
  'factmonster.com', // reprints of the Columbia Encyclopedia
  'en-academic.com', // dictionary and encyclopedia reprints
  'es-academic.com',
];

/** News sites and portals whose accounts of decrees were met in reviews: an unreviewed row may cite them, a reviewed one never. */
export const NEWS_HOSTS: readonly string[] = [
  'inform.kz', // Kazinform, the state news agency (en.inform.kz, www.inform.kz)
  'kazpravda.kz',
  'kt.kz',
  'tengrinews.kz',
  'bes.media',
  'prosud.kz',
  'sputnik.kz',
  'tass.com',
  'tass.ru',
  'delfi.lv',
  'eadaily.com',
  'vestikavkaza.ru',
  'kzvesti.kz',
  'e-history.kz', // a history portal's calendar retelling decrees
];

const MIRRORS = new Set(MIRROR_HOSTS);
const NEWS = new Set(NEWS_HOSTS);

/** The listed news site a URL is on (its host or a parent domain of it), or null. */
export function newsHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  for (let h = host; h.includes('.'); h = h.slice(h.indexOf('.') + 1)) if (NEWS.has(h)) return h;
  return null;
}

/**
 * The listed mirror a URL is on (its host or a parent domain of it), or null. An AMP page (an `amp`
 * path segment or an `amp.` host) is a copy of the publisher's page rendered for another platform,
 * cached and served apart from it: a review cites the page itself.
 */
export function mirrorHost(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  for (let h = host; h.includes('.'); h = h.slice(h.indexOf('.') + 1)) if (MIRRORS.has(h)) return h;
  if (host.startsWith('amp.') || parsed.pathname.split('/').includes('amp')) return `an AMP copy on ${host}`;
  return null;
}

/** Every http(s) URL written in a text (a review's `confirmed` may cite a second page). */
function urlsIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s"'()<>\]]+/g) ?? [];
}

/** The pages on a listed mirror that a review cites: its url, and any URL its `confirmed` text names. */
export function mirrorsCited(review: { url: string | null; confirmed: string }): { where: 'url' | 'confirmed'; message: string }[] {
  const cited: ['url' | 'confirmed', string][] = [...(review.url ? [['url', review.url] as ['url', string]] : []), ...urlsIn(review.confirmed).map((u): ['confirmed', string] => ['confirmed', u])];
  const out: { where: 'url' | 'confirmed'; message: string }[] = [];
  for (const [where, url] of cited) {
    const mirror = mirrorHost(url);
    if (mirror) out.push({ where, message: `${url} is on ${mirror}, a mirror or aggregator: a reviewed row must cite the page that first published the fact` });
    const news = newsHost(url);
    if (news) out.push({ where, message: `${url} is on ${news}, a news report: a reviewed row must cite the decree or the publisher itself` });
  }
  return out;
}
