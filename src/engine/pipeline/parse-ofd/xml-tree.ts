import { SaxesParser } from 'saxes';
import { ProcessingFailure } from '../parsed-document.js';

/** An element by its local name (the prefix dropped: OFD producers disagree on prefixes, some write none). */
export type XmlNode = {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
};

/** Deeper nesting is no OFD part: a bound against nesting bombs (the tree is walked recursively). */
const MAX_DEPTH = 64;
/** Elements in one part; the largest real pages hold some tens of thousands. */
const MAX_ELEMENTS = 1_000_000;

/**
 * A strict XML parse into a small tree. A DOCTYPE (and with it every entity declaration, internal or
 * external) refuses the part: OFD parts never need one, and it is how entity bombs and external
 * entities get in. Only the five predefined entities and character references are read.
 */
export function parseXml(source: Uint8Array | string, part: string): XmlNode {
  const text = typeof source === 'string' ? source : new TextDecoder().decode(source);
  // Namespaces are not resolved: some tax-office producers write an empty prefix (`<:eInvoice xmlns:="">`).
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  parser.on('doctype', () => {
    throw new ProcessingFailure(`The OFD file's part ${part} declares a DOCTYPE (entities): it is refused as unsafe.`);
  });
  let count = 0;
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_DEPTH || ++count > MAX_ELEMENTS) throw new ProcessingFailure(`The OFD file's part ${part} nests too deep or holds too many elements (more than ${MAX_DEPTH} levels or ${MAX_ELEMENTS} elements): it is refused.`);
    const node: XmlNode = { name: localName(tag.name), attrs: localAttrs(tag.attributes as Record<string, string>), children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (t: string) => (stack.at(-1)!.text += t);
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw new ProcessingFailure(`The OFD file's part ${part} is not well-formed XML: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}.`);
  }
  const top = root.children[0];
  if (!top) throw new ProcessingFailure(`The OFD file's part ${part} holds no XML element.`);
  return top;
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

function localAttrs(attributes: Record<string, string>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) if (!name.startsWith('xmlns')) attrs[localName(name)] = value;
  return attrs;
}

/** The first child element of that name. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Every child element of that name. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed text of the child of that name, '' when absent. */
export function childText(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text.trim() ?? '';
}
