// A JSON-LD document as Turtle: the same graph in the syntax most RDF harvesters read first.
// jsonld.js expands the document to RDF (JSON-LD 1.1 "Serialize RDF as JSON-LD" in reverse), n3
// writes Turtle; the triples are sorted first, so equal graphs give equal bytes.
// A catalogue built without a public URL names its own resources by root-relative paths, which a
// reader resolves against the document's own URL (RFC 3986 section 5.1.3; Turtle and RDF/XML state
// the same). JSON-LD to RDF drops a relative IRI (JSON-LD 1.1 API, Deserialize JSON-LD to RDF), so
// the paths are resolved against a host that is reserved never to exist (RFC 2606 `.invalid`) and
// written back as the same paths: no byte of the release names it.
import jsonld from 'jsonld';
import { DataFactory, Parser, Writer, type Quad, type Term } from 'n3';

const NO_HOST = 'https://relative.invalid';

const pathOf = <T extends Term>(t: T): T =>
  t.termType === 'NamedNode' && t.value.startsWith(`${NO_HOST}/`)
    ? (DataFactory.namedNode(t.value.slice(NO_HOST.length)) as unknown as T)
    : t;

/** The triples of a JSON-LD document, sorted (subject, predicate, object) so equal graphs give equal bytes. */
export async function sortedQuads(doc: object): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(doc as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
    base: `${NO_HOST}/`,
  })) as unknown as string;
  const key = (q: Quad) =>
    `${q.subject.value}\u0000${q.predicate.value}\u0000${q.object.termType}\u0000${q.object.value}`;
  return new Parser({ format: 'N-Quads' })
    .parse(nquads)
    .map((q) => DataFactory.quad(pathOf(q.subject), pathOf(q.predicate), pathOf(q.object), q.graph))
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
