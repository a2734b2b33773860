// A JSON-LD document as RDF/XML (application/rdf+xml), the syntax older harvesters and tools read:
// the sorted triples of turtle.ts, written by @graphy/content.xml.scribe, so equal graphs give equal bytes.
import type { Term } from 'n3';
import scribe from '@graphy/content.xml.scribe';
import factory from '@graphy/core.data.factory';
import { sortedQuads } from './turtle.js';

const term = (t: Term): unknown => {
  if (t.termType === 'NamedNode') return factory.namedNode(t.value);
  if (t.termType === 'BlankNode') return factory.blankNode(t.value);
  const lit = t as Term & { language: string; datatype: { value: string } };
  return lit.language
    ? factory.literal(lit.value, lit.language)
    : factory.literal(lit.value, factory.namedNode(lit.datatype.value));
};

export async function toRdfXml(doc: object, prefixes: Record<string, string>): Promise<Buffer> {
  const quads = await sortedQuads(doc);
  const writer = scribe({
    prefixes: { rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', ...prefixes },
  });
  const chunks: string[] = [];
  writer.on('data', (d: string) => chunks.push(String(d)));
  const done = new Promise<void>((resolve, reject) => {
    writer.on('end', () => resolve());
    writer.on('error', reject);
  });
  writer.write({
    type: 'array',
    value: quads.map((q) => factory.quad(term(q.subject), term(q.predicate), term(q.object))),
  });
  writer.end();
  await done;
  return Buffer.from(chunks.join(''));
}
