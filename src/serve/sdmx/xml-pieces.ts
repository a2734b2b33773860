// An SDMX-ML message as bytes: the message's own elements written as text, and the XML of each
// artefact (a dataflow, a data structure, a code list, a categorisation) written once and kept as
// UTF-8 bytes for as long as the artefact itself, which the release's structures hold
// (structures.ts keeps them per release). A whole-structure message of the real release is 12-17 MB
// (every data structure, or every dataflow with references=all): writing its elements again and
// encoding them as UTF-8 cost 300-500 ms of CPU on every request, mostly allocation and collection of
// small strings, where joining the kept bytes costs a copy.
import { XmlWriter } from './xml.js';

const kept = new WeakMap<object, Buffer>();

/** The XML `write` makes for `artefact`, made once per artefact object. */
function artefactXml(artefact: object, write: (w: XmlWriter) => void): Buffer {
  let bytes = kept.get(artefact);
  if (!bytes) {
    const w = new XmlWriter({ declaration: false });
    write(w);
    bytes = Buffer.from(w.toString());
    kept.set(artefact, bytes);
  }
  return bytes;
}

/** A message written in document order: text through `w`, kept artefacts through `artefact`. */
export class XmlPieces {
  readonly w = new XmlWriter();
  private readonly pieces: Buffer[] = [];

  /** The artefact's XML at this point of the document. */
  artefact<T extends object>(value: T, write: (w: XmlWriter, value: T) => void): this {
    this.flush();
    this.pieces.push(artefactXml(value, (w) => write(w, value)));
    return this;
  }

  bytes(): Buffer {
    this.flush();
    return Buffer.concat(this.pieces);
  }

  private flush(): void {
    const text = this.w.take();
    if (text) this.pieces.push(Buffer.from(text));
  }
}
