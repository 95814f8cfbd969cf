import { SaxesParser, type SaxesTag, type SaxesTagNS, type SaxesTagPlain } from 'saxes';
import { ProcessingFailure } from '../processing-failure.js';
import type { XmlElement } from './xml-element.js';

/** Elements deeper than this are in no document the engine reads: a bound against nesting bombs (trees are walked recursively). */
export const MAX_XML_DEPTH = 64;

export type StrictXmlOptions = {
  /** How failures name the document: "The XML file", "The OFD file's part OFD.xml". */
  subject: string;
  /**
   * Resolve namespaces (each element's `uri`). Off, names are read with their prefix dropped: some
   * tax-office OFD producers write an empty prefix (`<:eInvoice xmlns:="">`), which a namespace-aware parse refuses.
   */
  namespaces: boolean;
  maxElements: number;
  /** What follows the subject in each refusal, in the words of the format's readers. */
  refusals: { doctype: string; tooDeep: string; tooMany: string };
};

/**
 * A strict parse into a small tree. A DOCTYPE is refused outright: neither e-invoices nor OFD parts
 * need one, and it is the only door for entity declarations (expansion bombs, external entities
 * reading files or URLs). Without it only the five predefined entities and character references
 * exist, so no expansion can grow.
 */
export function parseStrictXml(source: Uint8Array | string, options: StrictXmlOptions): XmlElement {
  const { subject, refusals } = options;
  const refuse = (rest: string) => new ProcessingFailure(`${subject} ${rest}`);
  const text = typeof source === 'string' ? source : new TextDecoder('utf-8', { fatal: false }).decode(source);
  const parser = new SaxesParser({ xmlns: options.namespaces, position: true });
  const root: XmlElement = { name: '#document', uri: '', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let count = 0;
  parser.on('doctype', () => {
    throw refuse(refusals.doctype);
  });
  parser.on('opentag', (tag: SaxesTag) => {
    if (stack.length > MAX_XML_DEPTH) throw refuse(refusals.tooDeep);
    if (++count > options.maxElements) throw refuse(refusals.tooMany);
    const element = options.namespaces ? namespacedElement(tag as SaxesTagNS) : plainElement(tag as SaxesTagPlain);
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (t: string) => (stack.at(-1)!.text += t);
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw refuse(`is not well-formed XML: ${error instanceof Error ? error.message.slice(0, 200).replace(/\.$/, '') : String(error)}.`);
  }
  const top = root.children[0];
  if (!top) throw refuse('holds no XML element.');
  return top;
}

function namespacedElement(tag: SaxesTagNS): XmlElement {
  const attrs: Record<string, string> = {};
  for (const a of Object.values(tag.attributes)) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.local] = a.value;
  return { name: tag.local, uri: tag.uri, attrs, children: [], text: '' };
}

function plainElement(tag: SaxesTagPlain): XmlElement {
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(tag.attributes)) if (!name.startsWith('xmlns')) attrs[localName(name)] = value;
  return { name: localName(tag.name), uri: '', attrs, children: [], text: '' };
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}
