import { renderPdf } from '../corpus/render-pdf.js';
import { renderScan, scanSettings, type ScanSettings } from '../corpus/render-scan.js';
import type { Rng } from '../corpus/rng.js';
import type { Box, LayoutDocument, Place, RenderedTruth, TruthValue } from './layout-document.js';
import { layoutFont } from './layout-font.js';

/** The dpi the engine reads a text PDF's page at (DEFAULT_PARSER_PARAMS): its pixel boxes are the truth's. */
export const TEXT_PDF_DPI = 144;

type PointMap = (x: number, y: number) => [number, number];

function mapBox(box: Box, map: PointMap): Box {
  const corners = [map(box[0], box[1]), map(box[2], box[1]), map(box[2], box[3]), map(box[0], box[3])];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((v) => Math.round(v * 10) / 10) as Box;
}

/** The document's truth with every box carried by `map` (points to the rendering's pixels). */
function truthAt(doc: LayoutDocument, map: PointMap, extra: Pick<RenderedTruth, 'rendering' | 'dpi' | 'pageSizes'>): RenderedTruth {
  const places = (at: Place[]) => at.map((p) => ({ page: p.page, parts: p.parts.map((part) => ({ text: part.text, box: mapBox(part.box, map) })) }));
  const value = (v: TruthValue) => ({ value: v.value, at: places(v.at) });
  const { pages: _pages, ...truth } = doc;
  return {
    ...truth,
    ...extra,
    fields: Object.fromEntries(Object.entries(doc.fields).map(([name, v]) => [name, value(v)])),
    lines: doc.lines.map((line) => Object.fromEntries(Object.entries(line).map(([column, v]) => [column, value(v)]))),
    decoys: doc.decoys.map((d) => ({ ...d, at: places(d.at) })),
  };
}

/** The document as a text PDF, and its truth in pixels at the engine's reading dpi. */
export async function renderTextPdf(doc: LayoutDocument): Promise<{ bytes: Uint8Array; truth: RenderedTruth }> {
  const scale = TEXT_PDF_DPI / 72;
  const pageSizes = doc.pages.map((p) => ({ width: Math.round(p.width * scale), height: Math.round(p.height * scale) }));
  return { bytes: await renderPdf(doc.pages, layoutFont(doc.font)), truth: truthAt(doc, (x, y) => [x * scale, y * scale], { rendering: 'text-pdf', dpi: TEXT_PDF_DPI, pageSizes }) };
}

/**
 * The (one-page) document printed and scanned upright: blur, speckle and a slight skew drawn from `rng`
 * (render-scan.ts), and its truth in the image's pixels, turned with the page.
 */
export async function renderScanImage(doc: LayoutDocument, rng: Rng): Promise<{ bytes: Uint8Array; format: 'jpg' | 'png'; settings: ScanSettings; truth: RenderedTruth }> {
  const settings: ScanSettings = { ...scanSettings(rng), rotation: 0 };
  const page = doc.pages[0]!;
  const scan = await renderScan(page, layoutFont(doc.font), settings, rng);
  const scale = settings.dpi / 72;
  const [flatWidth, flatHeight] = [Math.round(page.width * scale), Math.round(page.height * scale)];
  const angle = (settings.skew * Math.PI) / 180;
  // As render-scan.ts draws it: the flat page turned by the skew about its centre, into the image's centre.
  const map: PointMap = (x, y) => {
    const [dx, dy] = [x * scale - flatWidth / 2, y * scale - flatHeight / 2];
    return [scan.width / 2 + dx * Math.cos(angle) - dy * Math.sin(angle), scan.height / 2 + dx * Math.sin(angle) + dy * Math.cos(angle)];
  };
  const truth = truthAt(doc, map, { rendering: 'scan-image', dpi: settings.dpi, pageSizes: [{ width: scan.width, height: scan.height }] });
  return { bytes: scan.bytes, format: settings.format === 'jpeg' ? 'jpg' : 'png', settings, truth };
}
