// A sealed data file sent as a route's answer (a dataset's JSON-stat at /api/v1/datasets/{id}): its
// bytes and its sealed gzip and br as they are, under the strong ETag of the sealed sha256 (RFC 9110
// 8.8.3), so the answer costs negotiation only. Sent by sendPrecomposed (./hooks.ts) as every answer a
// route makes is: 304 on a matching If-None-Match, 412 on a failed If-Match, Vary: Accept, Accept-Encoding.
import type { ServedFile } from '../releases/release-types.js';
import type { KeptAnswer } from './cache.js';
import { DEFAULT_CACHE_CONTROL } from './route-made.js';

export function sealedAnswer(file: ServedFile, contentType: string): KeptAnswer {
  return {
    // read through the file on use: a file not read yet is read and checked against its seal then
    get body() {
      return file.body;
    },
    get gzip() {
      return file.gzip;
    },
    get br() {
      return file.br;
    },
    sha256: file.sha256,
    contentType,
    cacheControl: DEFAULT_CACHE_CONTROL,
    link: null,
    // the bytes are the release's own, held with it: a cache keeping this answer holds nothing more
    weight: 256,
  };
}
