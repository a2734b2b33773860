// One gzip member (RFC 1952) made of a small part deflated per request and large parts deflated
// once, ahead of time. Raw DEFLATE streams concatenate when each but the last ends on a byte boundary
// without its final-block bit (a sync flush, RFC 1951 3.2.3/3.2.4): each part's back-references stay
// inside itself, so a decoder reads them all as one stream. The member's CRC-32 of the whole is
// combined from the parts' CRCs (zlib's crc32_combine), so the large parts are never read again.
import { constants as z, crc32, deflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';

/** Fixed level: the same text always gives the same bytes with one zlib. */
const LEVEL = 6;

/** A part deflated ahead of time, with what the gzip trailer and an ETag need of its text. */
export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  bytes: number;
  sha256: string;
}

/**
 * `text` deflated on its own. An open part ends in a sync flush, without the final block, so more
 * parts may follow it; the last part of a stream is closed.
 */
export function deflatePart(text: Buffer, level = LEVEL, open = false): DeflatedPart {
  const deflated = deflateRawSync(text, {
    level,
    ...(open ? { finishFlush: z.Z_SYNC_FLUSH } : {}),
  });
  return {
    deflated,
    crc: crc32(text),
    bytes: text.length,
    sha256: createHash('sha256').update(text).digest('hex'),
  };
}

/**
 * One closed part of texts in order, each deflated on its own (`deflated`: open, given) or here, so
 * large texts deflated once serve in several streams; the CRC-32 and sha256 are those of the joined
 * text. The last text is deflated here, closed.
 */
export function deflateJoined(
  texts: readonly { text: Buffer; deflated?: Buffer }[],
  level = LEVEL,
): DeflatedPart {
  const hash = createHash('sha256');
  const out: Buffer[] = [];
  let crc = 0;
  let bytes = 0;
  texts.forEach(({ text, deflated }, i) => {
    const last = i === texts.length - 1;
    // Node's crc32 of an empty buffer that zlib has read returns 0, not the running value
    if (text.length) crc = crc32(text, crc);
    out.push(deflated && !last ? deflated : deflatePart(text, level, !last).deflated);
    bytes += text.length;
    hash.update(text);
  });
  if (texts.length === 0) out.push(deflatePart(Buffer.alloc(0), level).deflated);
  return { deflated: Buffer.concat(out), crc, bytes, sha256: hash.digest('hex') };
}

function gf2Times(mat: readonly number[], vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function gf2Square(square: number[], mat: readonly number[]): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(mat, mat[n]!);
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Array<number>(32);
  const odd = new Array<number>(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  gf2Square(even, odd); // two zero bits
  gf2Square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let len = lengthB;
  // apply len zero bytes to crcA (the first squaring gives the operator for one zero byte)
  for (;;) {
    gf2Square(even, odd);
    if (len % 2 === 1) crc = gf2Times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    gf2Square(odd, even);
    if (len % 2 === 1) crc = gf2Times(odd, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

// ID1 ID2, CM = deflate, no flags, MTIME 0 (none: RFC 1952 2.3.1), XFL 0, OS 3 (Unix): fixed bytes.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The gzip member of `head` followed by the texts of `parts`: every part open but the last, closed. */
export function gzipComposed(
  head: Buffer,
  ...parts: readonly [...DeflatedPart[], DeflatedPart]
): Buffer {
  const deflatedHead = deflateRawSync(head, { level: LEVEL, finishFlush: z.Z_SYNC_FLUSH });
  let crc = crc32(head);
  let bytes = head.length;
  for (const p of parts) {
    crc = crc32Combine(crc, p.crc, p.bytes);
    bytes += p.bytes;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(bytes % 2 ** 32, 4);
  return Buffer.concat([HEADER, deflatedHead, ...parts.map((p) => p.deflated), trailer]);
}
