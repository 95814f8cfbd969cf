// Overlay boxes checked in the browser: each where the page geometry puts it, on printed ink, and
// taking the clerk's click. The layer draws the boxes as a few paths and lists each box's page rect.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { inkShare } from './ink';

/** The page's getComputedStyle, as far as needed here (this project has no DOM types). */
interface StyleOf {
  getComputedStyle(element: unknown): { strokeWidth: string };
}

interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box the overlay layer lists: its id and page rect (left, top, width, height in page pixels). */
export interface ListedBox {
  id: string;
  box: [number, number, number, number];
}

/** Where a box of page pixels lands on the screen, the page turned clockwise by `rotation` then scaled. */
function expectedRect(box: readonly number[], page: { width: number; height: number }, rotation: number, scale: number): ScreenRect {
  const [left, top, width, height] = box as [number, number, number, number];
  const [right, bottom] = [left + width, top + height];
  const turned =
    rotation === 90 ? { x: page.height - bottom, y: left, w: height, h: width }
    : rotation === 180 ? { x: page.width - right, y: page.height - bottom, w: width, h: height }
    : rotation === 270 ? { x: top, y: page.width - right, w: height, h: width }
    : { x: left, y: top, w: width, h: height };
  return { x: turned.x * scale, y: turned.y * scale, width: turned.w * scale, height: turned.h * scale };
}

/** The boxes of the open page, as the overlay layer lists them. */
export async function listedBoxes(page: Page): Promise<ListedBox[]> {
  const list = (await page.getByTestId('overlay-layer').getAttribute('data-boxes')) ?? '';
  return list
    .split(' ')
    .filter(Boolean)
    .map((entry) => {
      const [id, rect] = entry.split(':') as [string, string];
      return { id, box: rect.split(',').map(Number) as ListedBox['box'] };
    });
}

/** Every rect the layer's paths draw, in page pixels, as "left,top,width,height". */
async function drawnRects(page: Page): Promise<Set<string>> {
  const paths = await page.getByTestId('overlay-layer').locator(':scope > path').evaluateAll((elements) => elements.map((e) => (e as { getAttribute(name: string): string }).getAttribute('d')));
  const rects = new Set<string>();
  for (const d of paths) for (const [, x, y, w, h] of d.matchAll(/M(\S+) (\S+?)h(\S+?)v(\S+?)h\S+?z/g)) rects.add([x, y, w, h].map(Number).join(','));
  return rects;
}

/** Where a page box is on the screen now, from the sheet's place and the page geometry alone. */
export async function boxOnScreen(page: Page, box: readonly number[]): Promise<ScreenRect> {
  const sheet = page.getByTestId('page-sheet');
  const [width, height] = (await sheet.getAttribute('data-page'))!.split(',').map(Number) as [number, number];
  const rotation = Number(await sheet.getAttribute('data-rotation'));
  const scale = Number(await sheet.getAttribute('data-scale'));
  const sheetBox = (await sheet.boundingBox())!;
  const expected = expectedRect(box, { width, height }, rotation, scale);
  return { ...expected, x: sheetBox.x + expected.x, y: sheetBox.y + expected.y };
}

/** Scrolls the page's viewport until a page box is in view, then answers where it is on the screen. */
export async function revealBox(page: Page, box: readonly number[]): Promise<ScreenRect> {
  const viewport = page.getByTestId('page-viewport');
  const shown = (await viewport.boundingBox())!;
  const rect = await boxOnScreen(page, box);
  const inside = rect.x >= shown.x && rect.y >= shown.y && rect.x + rect.width <= shown.x + shown.width && rect.y + rect.height <= shown.y + shown.height;
  if (inside) return rect;
  const [dx, dy] = [rect.x + rect.width / 2 - (shown.x + shown.width / 2), rect.y + rect.height / 2 - (shown.y + shown.height / 2)];
  await viewport.evaluate((element, [x, y]) => (element as unknown as { scrollBy(x: number, y: number): void }).scrollBy(x!, y!), [dx, dy]);
  return boxOnScreen(page, box);
}

/** A box of the open page, once the layer lists it. */
export async function waitForBox(page: Page, id: string): Promise<ListedBox> {
  await expect.poll(async () => (await listedBoxes(page).catch(() => [])).some((b) => b.id === id), { timeout: 30_000 }).toBe(true);
  return (await listedBoxes(page)).find((b) => b.id === id)!;
}

/** A real click at the centre of a listed box, the box brought into view first. */
export async function clickBox(page: Page, id: string): Promise<void> {
  const rect = await revealBox(page, (await waitForBox(page, id)).box);
  await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
}

const area = ({ box }: ListedBox) => box[2] * box[3];
const holds = ({ box: [l, t, w, h] }: ListedBox, x: number, y: number) => x >= l && x <= l + w && y >= t && y <= t + h;
const fieldOf = (id: string) => Number(id.split('-')[1]);

async function focusedTestId(page: Page): Promise<string | null> {
  return (await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-testid")')) as string | null;
}

/** The lit copy of a box, as it lies on the screen without its stroke (half of it on either side). */
async function litRect(page: Page, id: string): Promise<ScreenRect> {
  const lit = page.getByTestId(`overlay-lit-${id}`);
  const stroke = await lit.evaluate((element) => Number.parseFloat((globalThis as unknown as StyleOf).getComputedStyle(element).strokeWidth) || 0);
  const outer = (await lit.boundingBox())!;
  return { x: outer.x + stroke / 2, y: outer.y + stroke / 2, width: outer.width - stroke, height: outer.height - stroke };
}

function expectClose(actual: ScreenRect, expected: ScreenRect): void {
  expect(Math.abs(actual.x - expected.x)).toBeLessThan(1.5);
  expect(Math.abs(actual.y - expected.y)).toBeLessThan(1.5);
  expect(Math.abs(actual.width - expected.width)).toBeLessThan(1.5);
  expect(Math.abs(actual.height - expected.height)).toBeLessThan(1.5);
}

/**
 * Checks every field box of the open page: drawn by the layer's paths, on printed ink where the
 * geometry puts it, and a click at its centre puts the cursor in its field (the smallest field box
 * there, when boxes nest), its lit copy drawn where the geometry says. The field focused before is focused again.
 */
export async function checkOverlays(page: Page): Promise<{ boxes: number; inked: number; angle: number; rotation: number }> {
  await expect.poll(async () => (await listedBoxes(page).catch(() => [])).filter((b) => b.id.startsWith('field-')).length, { timeout: 120_000 }).toBeGreaterThan(2);
  const sheet = page.getByTestId('page-sheet');
  const angle = Number((await sheet.getAttribute('data-page'))!.split(',')[2]);
  const rotation = Number(await sheet.getAttribute('data-rotation'));
  // Let the page finish drawing before reading pixels.
  await page.waitForFunction('document.querySelector(".page-canvas") && document.querySelector(".page-canvas").width > 100');
  await page.waitForTimeout(1500);
  const focusedBefore = await focusedTestId(page);
  const fields = (await listedBoxes(page)).filter((b) => b.id.startsWith('field-'));
  const drawn = await drawnRects(page);
  let inked = 0;
  for (const field of fields) {
    expect(drawn.has(field.box.join(','))).toBe(true);
    const screen = await revealBox(page, field.box);
    if (screen.width >= 8 && screen.height >= 8) {
      const png = await page.screenshot({ clip: { x: screen.x + 2, y: screen.y + 2, width: screen.width - 4, height: screen.height - 4 } });
      if ((await inkShare(png)) > 0.02) inked++;
    }
    await page.mouse.click(screen.x + screen.width / 2, screen.y + screen.height / 2);
    const [cx, cy] = [field.box[0] + field.box[2] / 2, field.box[1] + field.box[3] / 2];
    const picked = fields.filter((f) => holds(f, cx, cy)).reduce((a, b) => (area(b) < area(a) ? b : a));
    await expect.poll(() => focusedTestId(page), { timeout: 10_000 }).toBe(`field-${fieldOf(picked.id)}`);
    expectClose(await litRect(page, picked.id), await boxOnScreen(page, picked.box));
  }
  const back = focusedBefore?.startsWith('field-') ? fields.find((f) => fieldOf(f.id) === fieldOf(focusedBefore)) : undefined;
  if (back) await clickBox(page, back.id);
  return { boxes: fields.length, inked, angle, rotation };
}
