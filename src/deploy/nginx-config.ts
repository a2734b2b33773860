// `dala nginx-config`: an nginx configuration that serves /data/ straight from the CURRENT release
// with the headers Node sends, and proxies everything else to the Node replicas.
//
// Why it is generated per release rather than written once: Node's strong ETag is the sealed sha256
// (suffixed -gzip/-br for a variant), while nginx's own ETag is mtime-size. So each sealed data file
// gets an exact-match location carrying its sha256, its media type and which precompressed variants
// exist. Re-run the command and `nginx -s reload` when CURRENT moves.
//
// Per request nginx then does what src/serve/data/ does:
// - negotiation (RFC 9110 12.5.3): Accept-Encoding is classified per coding as absent/q=0, q=1 or
//   0<q<1; the coding is the one Node's chooseCoding picks for that class and the file's variants
//   (the table is computed by calling chooseCoding, so the two cannot drift). One approximation: two
//   fractional q-values are treated as equal (the smaller variant wins), and `*` is not honoured.
// - If-None-Match (RFC 9110 13.1.2): nginx's not-modified filter compares with its own ETag before
//   add_header runs, so the comparison is a map over "If-None-Match|ETag" with a back-reference
//   (weak comparison, lists and `*` as Node); a match is passed to Node, which answers the 304.
// - Host: with a public URL the server block answers for its host only (server_name); any other
//   Host reaches a default server that answers 421 Misdirected Request with the catalog's problem
//   document, as Node does (src/serve/front/public-origin.ts), so the /data/ files nginx serves
//   itself refuse it too.
// - anything that is not a sealed file (missing files, bad paths, slugs that are aliases, other
//   methods, CORS preflight) is proxied to Node, so those answers are Node's own problem+json bodies.
import { chooseCoding, type Coding } from '../serve/data/encoding.js';
import {
  COMMON_HEADERS,
  DATA_CACHE_CONTROL,
  EXPOSED_HEADERS,
} from '../serve/front/common-headers.js';
import { PROBLEM_MEDIA_TYPE, problem } from '../serve/problems/errors.js';
import type { ReleaseSeal } from '../release/layout.js';

export interface NginxConfigOptions {
  /** Absolute path of the releases directory (DALA_RELEASES). */
  releasesDir: string;
  seal: ReleaseSeal;
  /** Node replicas, host:port each. */
  upstreams: string[];
  /** What nginx listens on, e.g. "127.0.0.1:8080" or "80". */
  listen: string;
  /** Where the public reaches the service (DALA_PUBLIC_URL): its host is the only one answered. */
  publicUrl?: string;
  /** Top-level lines (pid, error_log, worker_processes...); when absent only the http{} block is written. */
  main?: { pid: string; errorLog: string; workerProcesses?: number; prefixTemp?: string };
}

type Level = '0' | '1' | 'p'; // absent or q=0; q=1; 0 < q < 1
type FileClass = 'none' | 'gzip' | 'br' | 'both-br' | 'both-gzip';

const LEVELS: Level[] = ['0', '1', 'p'];
const CLASSES: FileClass[] = ['none', 'gzip', 'br', 'both-br', 'both-gzip'];

/** A header with the given levels, as chooseCoding would read it. */
function headerFor(br: Level, gz: Level): string {
  const part = (name: string, l: Level) =>
    l === '0' ? `${name};q=0` : l === '1' ? name : `${name};q=0.5`;
  return `${part('br', br)}, ${part('gzip', gz)}`;
}

/** Sizes standing for a file class: identity 100, variants smaller when present. */
function sizesFor(c: FileClass) {
  const body = Buffer.alloc(100);
  const gzip = Buffer.alloc(c === 'gzip' || c === 'both-gzip' ? 50 : c === 'both-br' ? 60 : 100);
  const br = Buffer.alloc(c === 'br' || c === 'both-br' ? 50 : c === 'both-gzip' ? 60 : 100);
  return { body, gzip, br, sha256: '' };
}

/** The coding for every (br level, gzip level, file class), computed by Node's own negotiation. */
export function codingTable(): { key: string; coding: Coding }[] {
  const out: { key: string; coding: Coding }[] = [];
  for (const b of LEVELS)
    for (const g of LEVELS)
      for (const c of CLASSES) {
        out.push({ key: `${b}${g}|${c}`, coding: chooseCoding(headerFor(b, g), sizesFor(c)) });
      }
  return out;
}

function fileClass(seal: ReleaseSeal, path: string): FileClass {
  const v = (coding: 'gzip' | 'br') =>
    (seal.variants ?? []).find((x) => x.of === path && x.coding === coding);
  const gz = v('gzip');
  const br = v('br');
  if (gz && br) return gz.bytes < br.bytes ? 'both-gzip' : 'both-br';
  return gz ? 'gzip' : br ? 'br' : 'none';
}

const quote = (s: string) => `"${s.replace(/["\\]/g, (c) => '\\' + c)}"`;

/** Classifies one coding of Accept-Encoding (Node reads `q=` without spaces, case-insensitively). */
function levelMap(coding: string, variable: string): string {
  return [
    `map $http_accept_encoding ${variable} {`,
    `  default 0;`,
    `  "~*(^|,)\\s*${coding}\\s*;\\s*q=0(\\.0*)?\\s*(,|$)" 0;`,
    `  "~*(^|,)\\s*${coding}\\s*(;\\s*q=1(\\.0*)?\\s*)?(,|$)" 1;`,
    `  "~*(^|,)\\s*${coding}\\s*;\\s*q=0?\\.[0-9]+\\s*(,|$)" p;`,
    `}`,
  ].join('\n');
}

/** The default server for a Host that is not the public URL's: 421 as a problem document. */
function misdirectedServer(opts: NginxConfigOptions): string[] {
  if (!opts.publicUrl) return [];
  const origin = new URL(opts.publicUrl).origin;
  const body = JSON.stringify(
    problem('misdirected_request', `this server answers for ${origin} only`, '/'),
  );
  if (/['\\$]/.test(body)) throw new Error(`the 421 body cannot be an nginx string: ${body}`);
  return [
    'server {',
    `  listen ${opts.listen} default_server;`,
    `  default_type ${PROBLEM_MEDIA_TYPE};`,
    ...Object.entries(COMMON_HEADERS).map(([k, v]) => `  add_header ${k} ${quote(v)} always;`),
    '  add_header Cache-Control no-store always;',
    `  return 421 '${body}';`,
    '}',
  ];
}

export function nginxConfig(opts: NginxConfigOptions): string {
  const { seal } = opts;
  const root = `${opts.releasesDir.replace(/\/$/, '')}/${seal.revision}`;
  const files = seal.files.filter((f) => f.path.startsWith('data/'));
  const lines: string[] = [];
  if (opts.main) {
    lines.push(
      `worker_processes ${opts.main.workerProcesses ?? 1};`,
      `pid ${opts.main.pid};`,
      `error_log ${opts.main.errorLog} warn;`,
      // The Accept-Encoding and If-None-Match maps below are regular expressions run per request.
      'pcre_jit on;',
      `events { worker_connections 1024; }`,
    );
  }
  lines.push('http {');
  const http: string[] = [];
  if (opts.main?.prefixTemp) {
    for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      http.push(`${t}_temp_path ${opts.main.prefixTemp}/${t};`);
  }
  http.push(
    `# Generated by \`dala nginx-config\` for release ${seal.revision}; regenerate and reload when CURRENT moves.`,
    'access_log off;',
    'sendfile on;',
    'tcp_nopush on;',
    // A sealed release directory never changes (a new release is a new root and a reload), so open
    // descriptors, sizes and misses may be kept: try_files and the static handler then cost no
    // stat/open/close per request.
    `open_file_cache max=${Math.max(1000, 4 * files.length)} inactive=1h;`,
    'open_file_cache_valid 1h;',
    'open_file_cache_errors on;',
    'server_tokens off;',
    'types { }', // media types come from the seal, per location
    'charset_types text/csv;',
    levelMap('br', '$dala_br'),
    levelMap('gzip', '$dala_gz'),
    'map "$dala_br$dala_gz|$dala_class" $dala_coding {',
    '  default identity;',
    ...codingTable()
      .filter((r) => r.coding !== 'identity')
      .map((r) => `  ${quote(r.key)} ${r.coding};`),
    '}',
    'map $dala_coding $dala_suffix { default ""; gzip .gz; br .br; }',
    'map $dala_coding $dala_tag { default ""; gzip -gzip; br -br; }',
    // Content-Encoding only on a 200 (a 304 from Node carries none).
    'map "$status:$dala_coding" $dala_content_encoding { default ""; "200:gzip" gzip; "200:br" br; }',
    // If-None-Match against the representation's ETag: `*`, or any listed tag (W/ ignored) equal to it.
    'map "$http_if_none_match|$dala_etag" $dala_not_modified {',
    '  default 0;',
    '  "~^\\s*\\*\\s*\\|" 1;',
    '  "~^(?:[^|]*?[\\s,])?(?:W/)?(\\"[^\\"|]*\\")\\s*(?:,[^|]*)?\\|\\1$" 1;',
    '}',
    `upstream dala_node {`,
    ...opts.upstreams.map((u) => `  server ${u};`),
    '  keepalive 32;',
    '}',
    ...misdirectedServer(opts),
    'server {',
    `  listen ${opts.listen};`,
    ...(opts.publicUrl ? [`  server_name ${new URL(opts.publicUrl).hostname};`] : []),
    `  root ${root};`,
    '  etag off;',
    '  if_modified_since off;',
    '  max_ranges 0;',
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $host;',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    // A replica that dies or refuses: an idempotent request (GET, HEAD) not yet answered goes to the
    // next replica (nginx's default retry made explicit; never a POST, whose retry would count twice),
    // and a replica on an unreachable host is given up after 2 s rather than the 60 s default.
    '  proxy_next_upstream error timeout;',
    '  proxy_connect_timeout 2s;',
    '  location / { proxy_pass http://dala_node; }',
    '  location @dala_node { proxy_pass http://dala_node; }',
  );
  const common = [
    'set $dala_etag "\\"$dala_sha$dala_tag\\"";',
    // A 304 made by `return` carries Content-Length: 0, which RFC 9110 8.6 forbids (nginx's own
    // not-modified filter clears it, but runs before add_header sets this ETag), so Node answers the
    // matched conditional request; the empty add_header stops the location's headers being added twice.
    'if ($dala_not_modified) { add_header X-Dala-Proxied ""; proxy_pass http://dala_node; }',
    'try_files $uri$dala_suffix @dala_node;',
    'error_page 405 = @dala_node;',
    `add_header ETag $dala_etag always;`,
    `add_header Cache-Control ${quote(DATA_CACHE_CONTROL)} always;`,
    'add_header Vary Accept-Encoding always;',
    'add_header Content-Encoding $dala_content_encoding;',
    'add_header Last-Modified "";', // cleared: Node sends none
    `add_header X-Dala-Revision ${seal.revision} always;`,
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Access-Control-Allow-Origin * always;',
    `add_header Access-Control-Expose-Headers ${quote(EXPOSED_HEADERS)} always;`,
  ];
  for (const f of files) {
    const [type, charset] = f.media_type.split(/;\s*charset=/);
    http.push(
      `  location = /${f.path} {`,
      `    default_type ${quote(type!)};`,
      ...(charset ? [`    charset ${charset};`] : []),
      `    set $dala_sha ${f.sha256};`,
      `    set $dala_class ${fileClass(seal, f.path)};`,
      ...common.map((l) => `    ${l}`),
      '  }',
    );
  }
  http.push('}');
  lines.push(...http.map((l) => `  ${l}`), '}');
  return lines.join('\n') + '\n';
}
