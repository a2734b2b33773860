// SDMX-ML 2.1 namespaces, URNs and the message header every message opens with (SDMXMessage.xsd).
import type { FastifyRequest } from 'fastify';
import { storeOf } from '../../store/reader.js';
import { pinned } from '../releases/pinned.js';
import type { XmlWriter } from './xml.js';
import { AGENCY, VERSION, type Names } from './structures.js';
import { LANGUAGES_ENGLISH_FIRST } from '../../lib/languages.js';

const BASE = 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1';
export const NS = {
  mes: `${BASE}/message`,
  str: `${BASE}/structure`,
  com: `${BASE}/common`,
  gen: `${BASE}/data/generic`,
  ss: `${BASE}/data/structurespecific`,
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** SDMX 2.1 URN of a maintainable artefact (SDMX Standards Section 5, registry specification). */
export const urn = (cls: string, id: string) =>
  `urn:sdmx:org.sdmx.infomodel.${cls}=${AGENCY}:${id}(${VERSION})`;

/** The attributes of a maintainable artefact: every one is maintained by DALA, final, at VERSION. */
export const maintainable = (cls: string, id: string) => ({
  id,
  urn: urn(cls, id),
  agencyID: AGENCY,
  version: VERSION,
  isFinal: 'true',
});

/** What a message header says: its id, when the answer's data were prepared (the release's build time). */
export interface MessageContext {
  id: string;
  prepared: string;
}

/** The header of an answer from the release a request is pinned to. */
export function messageContext(request: FastifyRequest): MessageContext {
  const release = pinned(request);
  return {
    id: `DALA_${release.revision}`,
    prepared: storeOf(release).meta['built_at'] ?? '1970-01-01T00:00:00Z',
  };
}

/** mes:ID, mes:Test, mes:Prepared, mes:Sender: the header's first members, in the schema's order. */
export function headerStart(w: XmlWriter, ctx: MessageContext): void {
  w.open('mes:Header');
  w.text('mes:ID', ctx.id);
  w.text('mes:Test', 'false');
  w.text('mes:Prepared', ctx.prepared);
  w.wrap('mes:Sender', { id: AGENCY }, () => w.text('com:Name', 'Dala', { 'xml:lang': 'en' }));
}

/** com:Name (or another element) once per language that has a name, en first. */
export function names(w: XmlWriter, element: string, list: Names): void {
  for (const lang of LANGUAGES_ENGLISH_FIRST) {
    const text = list[lang];
    if (text) w.text(element, text, { 'xml:lang': lang });
  }
}
