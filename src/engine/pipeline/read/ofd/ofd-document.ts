import { LIMITS } from '../../../../shared/api/index.js';
import { ProcessingFailure } from '../../document/parsed-document.js';
import { folderOf, openOfdContainer, resolvePartPath, type OfdContainer } from './ofd-container.js';
import { childOf, childrenOf, textAt, type XmlElement } from '../../../../shared-node/xml/xml-element.js';

/** A font resource; `file` holds the embedded TrueType/OpenType program when the package carries one. */
export type OfdFont = { id: string; name: string; family: string; bold: boolean; italic: boolean; file: Uint8Array | undefined };
export type OfdMedia = { id: string; format: string; file: Uint8Array | undefined };

/** Everything a page's objects refer to by ID: public, document and page resources together. */
export type OfdResources = {
  fonts: Map<string, OfdFont>;
  media: Map<string, OfdMedia>;
  drawParams: Map<string, XmlElement>;
  /** CompositeGraphicUnit contents by ID. */
  composites: Map<string, XmlElement>;
};

export type OfdLayerSource = { content: XmlElement; background: boolean };

export type OfdPage = {
  id: string;
  /** PhysicalBox in millimetres: x, y, width, height. */
  box: [number, number, number, number];
  /** Templates drawn below, the page's own content, templates drawn above, in drawing order. */
  layers: OfdLayerSource[];
  /** Annotation elements (Annot) on this page. */
  annotations: XmlElement[];
};

export type OfdDocument = {
  container: OfdContainer;
  /** Path of Document.xml inside the package. */
  root: string;
  /** DocInfo CustomData by name (producers put invoice values there too). */
  customData: Map<string, string>;
  pages: OfdPage[];
  resources: OfdResources;
  /** Path of Signatures.xml, when the document is signed. */
  signatures: string | undefined;
  attachments: { name: string; format: string; path: string }[];
  customTags: { typeId: string; path: string }[];
};

const A4: [number, number, number, number] = [0, 0, 210, 297];

/** Reads the package and its first document: pages with their templates and annotations, resources. */
export function readOfdDocument(bytes: Uint8Array): OfdDocument {
  const container = openOfdContainer(bytes);
  const body = childOf(container.xml('OFD.xml'), 'DocBody');
  const rootRef = textAt(body, 'DocRoot');
  if (!rootRef) throw new ProcessingFailure('The OFD file names no document (OFD.xml has no DocRoot): it is damaged.');
  const root = resolvePartPath(rootRef, '');
  const document = container.xml(root);
  if (!document) throw new ProcessingFailure(`The OFD file's document ${root} is missing: the file is damaged.`);
  const folder = folderOf(root);
  const common = childOf(document, 'CommonData');
  const resources = emptyResources();
  for (const name of ['PublicRes', 'DocumentRes']) for (const ref of childrenOf(common, name)) addResources(container, resolvePartPath(ref.text, folder), resources);
  const pageRefs = childrenOf(childOf(document, 'Pages'), 'Page');
  if (pageRefs.length > LIMITS.filePages) throw new ProcessingFailure(`The OFD has ${pageRefs.length} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
  const templates = new Map(childrenOf(common, 'TemplatePage').map((t) => [t.attrs.ID ?? '', resolvePartPath(t.attrs.BaseLoc ?? '', folder)]));
  const annotations = pageAnnotations(container, textAt(document, 'Annotations'), folder);
  const defaultBox = boxOf(textAt(childOf(common, 'PageArea'), 'PhysicalBox')) ?? A4;
  const pages = pageRefs.map((ref, n) => readPage(container, ref, folder, { templates, annotations, defaultBox, resources, n }));
  const signatures = textAt(body, 'Signatures');
  return {
    container,
    root,
    customData: new Map(childrenOf(childOf(childOf(body, 'DocInfo'), 'CustomDatas'), 'CustomData').map((d) => [d.attrs.Name ?? '', d.text.trim()])),
    pages,
    resources,
    signatures: signatures ? resolvePartPath(signatures, '') : undefined,
    attachments: listed(container, textAt(document, 'Attachments'), folder, 'Attachment').map(({ node, path }) => ({ name: node.attrs.Name ?? '', format: node.attrs.Format ?? '', path })),
    customTags: listed(container, textAt(document, 'CustomTags'), folder, 'CustomTag').map(({ node, path }) => ({ typeId: node.attrs.TypeID ?? '', path })),
  };
}

type PageContext = {
  templates: Map<string, string>;
  annotations: Map<string, XmlElement[]>;
  defaultBox: [number, number, number, number];
  resources: OfdResources;
  n: number;
};

function readPage(container: OfdContainer, ref: XmlElement, folder: string, context: PageContext): OfdPage {
  const path = resolvePartPath(ref.attrs.BaseLoc ?? '', folder);
  const page = container.xml(path);
  if (!page) throw new ProcessingFailure(`Page ${context.n + 1} of the OFD (${path}) is missing: the file is damaged.`);
  for (const res of childrenOf(page, 'PageRes')) addResources(container, resolvePartPath(res.text, folderOf(path)), context.resources);
  const layers: OfdLayerSource[] = [];
  const templateLayers = childrenOf(page, 'Template').map((t) => ({ zOrder: t.attrs.ZOrder ?? 'Background', content: templateContent(container, context.templates.get(t.attrs.TemplateID ?? '')) }));
  for (const t of templateLayers) if (t.content && t.zOrder !== 'Foreground') layers.push({ content: t.content, background: true });
  const content = childOf(page, 'Content');
  if (content) layers.push({ content, background: false });
  for (const t of templateLayers) if (t.content && t.zOrder === 'Foreground') layers.push({ content: t.content, background: true });
  return {
    id: ref.attrs.ID ?? String(context.n + 1),
    box: boxOf(textAt(childOf(page, 'Area'), 'PhysicalBox')) ?? context.defaultBox,
    layers,
    annotations: context.annotations.get(ref.attrs.ID ?? '') ?? [],
  };
}

function templateContent(container: OfdContainer, path: string | undefined): XmlElement | undefined {
  return path ? childOf(container.xml(path), 'Content') : undefined;
}

/** Annot elements by the page ID they belong to. */
function pageAnnotations(container: OfdContainer, ref: string | undefined, folder: string): Map<string, XmlElement[]> {
  const byPage = new Map<string, XmlElement[]>();
  if (!ref) return byPage;
  const path = resolvePartPath(ref, folder);
  for (const page of childrenOf(container.xml(path), 'Page')) {
    const annots = childrenOf(container.xml(textAt(page, 'FileLoc') ?? '', folderOf(path)), 'Annot').filter((a) => a.attrs.Visible !== 'false');
    byPage.set(page.attrs.PageID ?? '', [...(byPage.get(page.attrs.PageID ?? '') ?? []), ...annots]);
  }
  return byPage;
}

/** The entries of a list part (attachments, custom tags), each with the path of its FileLoc. */
function listed(container: OfdContainer, ref: string | undefined, folder: string, name: string): { node: XmlElement; path: string }[] {
  if (!ref) return [];
  const path = resolvePartPath(ref, folder);
  return childrenOf(container.xml(path), name).map((node) => ({ node, path: resolvePartPath(textAt(node, 'FileLoc') ?? '', folderOf(path)) }));
}

function emptyResources(): OfdResources {
  return { fonts: new Map(), media: new Map(), drawParams: new Map(), composites: new Map() };
}

/** A resource part: its files live under its BaseLoc, relative to the part's own folder. */
function addResources(container: OfdContainer, path: string, into: OfdResources): void {
  const res = container.xml(path);
  if (!res) return;
  const base = resolvePartPath(res.attrs.BaseLoc ?? '', folderOf(path));
  const file = (node: XmlElement, name: string) => {
    const ref = textAt(node, name);
    return ref ? (container.part(ref, base) ?? container.part(ref, folderOf(path))) : undefined;
  };
  for (const font of childrenOf(childOf(res, 'Fonts'), 'Font')) {
    const id = font.attrs.ID ?? '';
    into.fonts.set(id, { id, name: font.attrs.FontName ?? '', family: font.attrs.FamilyName ?? font.attrs.FontName ?? '', bold: font.attrs.Bold === 'true', italic: font.attrs.Italic === 'true', file: file(font, 'FontFile') });
  }
  for (const media of childrenOf(childOf(res, 'MultiMedias'), 'MultiMedia')) {
    const id = media.attrs.ID ?? '';
    into.media.set(id, { id, format: (media.attrs.Format ?? (textAt(media, 'MediaFile') ?? '').split('.').pop() ?? '').toLowerCase(), file: file(media, 'MediaFile') });
  }
  for (const param of childrenOf(childOf(res, 'DrawParams'), 'DrawParam')) into.drawParams.set(param.attrs.ID ?? '', param);
  for (const unit of childrenOf(childOf(res, 'CompositeGraphicUnits'), 'CompositeGraphicUnit')) {
    const content = childOf(unit, 'Content');
    if (content) into.composites.set(unit.attrs.ID ?? '', content);
  }
}

/** "x y w h" in millimetres. */
export function boxOf(text: string | undefined): [number, number, number, number] | undefined {
  const numbers = (text ?? '').trim().split(/[\s,]+/).map(Number);
  return numbers.length === 4 && numbers.every(Number.isFinite) ? (numbers as [number, number, number, number]) : undefined;
}
