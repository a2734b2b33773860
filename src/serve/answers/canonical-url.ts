// The canonical form of a request URL, the key of a cached answer and the `self` link of a v1
// envelope: the path as sent, then the query with each name and value decoded and re-encoded
// (WHATWG application/x-www-form-urlencoded, so `%41`, `A` and `+`/`%20` agree) and the
// parameters sorted by name. Sorting is stable: repeated names keep their relative order, which a
// route may give meaning to.
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  const params = [...new URLSearchParams(url.slice(q + 1))];
  if (params.length === 0) return path;
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}
