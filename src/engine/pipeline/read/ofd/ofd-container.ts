import { ProcessingFailure } from '../../document/parsed-document.js';
import { unpackArchive } from '../zip-budget.js';
import { MAX_XML_DEPTH, parseStrictXml, type StrictXmlOptions } from '../../../../shared-node/xml/parse-strict-xml.js';
import type { XmlElement } from '../../../../shared-node/xml/xml-element.js';

/** The unpacked OFD package: its parts by their path from the package root (no leading slash). */
export type OfdContainer = {
  /** A part by a path as OFD writes it, relative to `base` (a folder) or absolute from the root. */
  part(path: string, base?: string): Uint8Array | undefined;
  /** A part parsed as XML, once per package however often it is named. */
  xml(path: string, base?: string): XmlElement | undefined;
  /** Every part's path, lower-cased (zip names are matched without case). */
  names(): string[];
};

/** The package, unpacked within the engine's zip budget; nothing of it is ever written to disk. */
export function openOfdContainer(bytes: Uint8Array): OfdContainer {
  // Zip names are matched without case: producers write `DOC_0/Res` for `Doc_0/Res` (Windows-made packages).
  const entries = new Map([...unpackArchive(bytes, 'OFD')].map(([name, data]) => [name.toLowerCase(), data]));
  const part = (path: string, base = '') => entries.get(resolvePartPath(path, base).toLowerCase());
  // A part is parsed once however often it is named (a template shared by every page, an annotation list).
  const parsed = new Map<string, XmlElement | undefined>();
  const xml = (path: string, base = '') => {
    const at = resolvePartPath(path, base);
    const key = at.toLowerCase();
    if (!parsed.has(key)) {
      const data = entries.get(key);
      parsed.set(key, data && parseStrictXml(data, partXml(at)));
    }
    return parsed.get(key);
  };
  if (!entries.has('ofd.xml')) throw new ProcessingFailure('The file is not a readable OFD document: it has no OFD.xml (damaged, or not really an OFD).');
  return { part, xml, names: () => [...entries.keys()].filter((name) => !name.endsWith('/')) };
}

/** Elements in one part; the largest real pages hold some tens of thousands. */
const MAX_PART_ELEMENTS = 1_000_000;

/** How a part is parsed: prefixes dropped and namespaces ignored, as OFD producers disagree on them. */
function partXml(path: string): StrictXmlOptions {
  const tooLarge = `nests too deep or holds too many elements (more than ${MAX_XML_DEPTH} levels or ${MAX_PART_ELEMENTS} elements): it is refused.`;
  return {
    subject: `The OFD file's part ${path}`,
    namespaces: false,
    maxElements: MAX_PART_ELEMENTS,
    refusals: { doctype: 'declares a DOCTYPE (entities): it is refused as unsafe.', tooDeep: tooLarge, tooMany: tooLarge },
  };
}

/**
 * A location inside the package. A reference that climbs out of the package ("../../etc/passwd")
 * refuses the file instead of being clamped: it can only be made on purpose.
 */
export function resolvePartPath(path: string, base: string): string {
  const cleaned = path.trim().replace(/\\/g, '/');
  const start = cleaned.startsWith('/') ? [] : base.split('/').filter(Boolean);
  const parts = [...start];
  for (const segment of cleaned.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) throw new ProcessingFailure(`The OFD file refers to "${path.slice(0, 80)}", outside the file: it is refused as unsafe.`);
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}

/** The folder holding a part. */
export function folderOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}
