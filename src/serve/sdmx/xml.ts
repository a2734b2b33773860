// A small XML writer for the SDMX-ML messages: escaping (XML 1.0 section 2.4, attribute values
// section 3.3.3) and elements written as strings into one array joined once. Hand-rolled because a
// data message is thousands of small elements under a 50 ms CPU budget per request: xmlbuilder2
// (the well-kept builder) measured about 50 microseconds per element warm and 200 cold on the
// service's machine when this writer was chosen, this writer well under one (that comparison is not
// kept; bench/sdmx-cpu.bench.ts measures this writer's cost per request).

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};
const SPECIAL = /[&<>"\n\r\t]/g;
const HAS_SPECIAL = /[&<>"\n\r\t]/;
// Characters XML 1.0 cannot carry at all (section 2.2): dropped rather than sent as an ill-formed document.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const HAS_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

// eslint-disable-next-line no-control-regex
const HAS_EITHER = /[&<>"\u0000-\u001F\uFFFE\uFFFF]/;

/** Text safe inside an element or a double-quoted attribute value. */
export function escapeXml(text: string): string {
  if (!HAS_EITHER.test(text)) return text; // most values: one scan
  const clean = HAS_FORBIDDEN.test(text) ? text.replace(FORBIDDEN, '') : text;
  return HAS_SPECIAL.test(clean) ? clean.replace(SPECIAL, (c) => ESCAPES[c]!) : clean;
}

export type Attributes = Readonly<Record<string, string | number | undefined | null>>;

/** ` a="v" b="w"`: attributes whose value is undefined or null are left out. */
export function attrs(values: Attributes): string {
  let out = '';
  for (const name in values) {
    const v = values[name];
    if (v !== undefined && v !== null) out += ` ${name}="${escapeXml(String(v))}"`;
  }
  return out;
}

/** Collects a document's pieces; `open`/`close`/`leaf`/`text` write elements in document order. */
export class XmlWriter {
  private parts: string[];
  /** A document begins with the XML declaration; a piece of one (`declaration: false`) does not. */
  constructor(options: { declaration?: boolean } = {}) {
    this.parts = options.declaration === false ? [] : ['<?xml version="1.0" encoding="UTF-8"?>'];
  }
  open(name: string, attributes: Attributes = {}): this {
    this.parts.push(`<${name}${attrs(attributes)}>`);
    return this;
  }
  close(name: string): this {
    this.parts.push(`</${name}>`);
    return this;
  }
  leaf(name: string, attributes: Attributes = {}): this {
    this.parts.push(`<${name}${attrs(attributes)}/>`);
    return this;
  }
  text(name: string, value: string, attributes: Attributes = {}): this {
    this.parts.push(`<${name}${attrs(attributes)}>${escapeXml(value)}</${name}>`);
    return this;
  }
  /** `open`, the children `body` writes, `close`. */
  wrap(name: string, attributes: Attributes, body: () => void): this {
    this.open(name, attributes);
    body();
    return this.close(name);
  }
  toString(): string {
    return this.parts.join('');
  }
  /** What was written since the last take (the whole document so far, the first time), then forgotten. */
  take(): string {
    const text = this.parts.join('');
    this.parts = [];
    return text;
  }
}
