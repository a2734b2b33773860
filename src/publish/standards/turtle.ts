// A JSON-LD document as Turtle: the same graph in the syntax most RDF harvesters read first.
// jsonld.js expands the document to RDF (JSON-LD 1.1 "Serialize RDF as JSON-LD" in reverse), n3
// writes Turtle; the triples are sorted first, so equal graphs give equal bytes.
import jsonld from 'jsonld';
import { Parser, Writer, type Quad } from 'n3';

/** The triples of a JSON-LD document, sorted (subject, predicate, object) so equal graphs give equal bytes. */
export async function sortedQuads(doc: object): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(doc as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
  })) as unknown as string;
  const key = (q: Quad) =>
    `${q.subject.value}\u0000${q.predicate.value}\u0000${q.object.termType}\u0000${q.object.value}`;
  return new Parser({ format: 'N-Quads' })
    .parse(nquads)
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export async function toTurtle(doc: object, prefixes: Record<string, string>): Promise<Buffer> {
  const quads = await sortedQuads(doc);
  const writer = new Writer({ prefixes });
  writer.addQuads(quads);
  return new Promise((resolve, reject) =>
    writer.end((error, text) => (error ? reject(error) : resolve(Buffer.from(text)))),
  );
}
