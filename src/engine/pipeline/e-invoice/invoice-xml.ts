import { SaxesParser } from 'saxes';
import { ProcessingFailure } from '../parsed-document.js';

/** An element of an invoice XML: its local name and namespace, attributes by local name, child elements and own text. */
export type XmlElement = {
  local: string;
  uri: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/** Elements deeper than this are no invoice: a bound against nesting bombs. */
const MAX_DEPTH = 64;
/** Elements in one invoice XML; the largest real invoices hold a few tens of thousands. */
const MAX_ELEMENTS = 500_000;

/**
 * A strict, namespace-aware parse of an invoice XML. A DOCTYPE is refused outright: invoices never
 * need one, and it is the only door for entity declarations (expansion bombs, external entities
 * reading files or URLs). Without it only the five predefined entities and character references
 * exist, so no expansion can grow. `what` names the document in the failure ("The XML file", "The
 * PDF's attachment factur-x.xml").
 */
export function parseInvoiceXml(source: Uint8Array | string, what: string): XmlElement {
  const text = typeof source === 'string' ? source : new TextDecoder('utf-8', { fatal: false }).decode(source);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: XmlElement = { local: '#document', uri: '', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let count = 0;
  parser.on('doctype', () => {
    throw new ProcessingFailure(`${what} declares a DOCTYPE (a DTD with entities): e-invoices never need one, and it could expand without bound or read other files, so it is refused.`);
  });
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_DEPTH) throw new ProcessingFailure(`${what} nests elements more than ${MAX_DEPTH} deep: no invoice does, so it is refused.`);
    if (++count > MAX_ELEMENTS) throw new ProcessingFailure(`${what} holds more than ${MAX_ELEMENTS} elements: too large for an invoice, so it is refused.`);
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.local] = a.value;
    const element: XmlElement = { local: tag.local, uri: tag.uri, attrs, children: [], text: '' };
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
    throw new ProcessingFailure(`${what} is not well-formed XML: ${error instanceof Error ? error.message.slice(0, 200).replace(/\.$/, '') : String(error)}.`);
  }
  const top = root.children[0];
  if (!top) throw new ProcessingFailure(`${what} holds no XML element.`);
  return top;
}

/** The first child element with one of these local names. */
export function childOf(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return element?.children.find((c) => names.includes(c.local));
}

/** Every child element with one of these local names. */
export function childrenOf(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  return element?.children.filter((c) => names.includes(c.local)) ?? [];
}

/** The element down a path of local names (each step may offer alternatives: "A|B"). */
export function pathOf(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  return path.reduce<XmlElement | undefined>((at, step) => childOf(at, ...step.split('|')), element);
}

/** The trimmed text down a path, undefined when absent or blank. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const text = pathOf(element, ...path)?.text.trim();
  return text ? text : undefined;
}
