/** An element of a parsed XML: its local name (the prefix dropped), namespace, attributes by local name, child elements and own text. */
export type XmlElement = {
  name: string;
  /** The namespace URI; '' when the parse did not resolve namespaces. */
  uri: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/** The first child element with one of these local names. */
export function childOf(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return element?.children.find((c) => names.includes(c.name));
}

/** Every child element with one of these local names. */
export function childrenOf(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  return element?.children.filter((c) => names.includes(c.name)) ?? [];
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
