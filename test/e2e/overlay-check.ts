// Overlay boxes checked in the browser: each where the page geometry puts it, and on printed ink.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { inkShare } from './ink';

/** The page's getComputedStyle, as far as needed here (this project has no DOM types). */
interface StyleOf {
  getComputedStyle(element: unknown): { strokeWidth: string };
}

/** Where a box of page pixels lands on the screen, the page turned clockwise by `rotation` then scaled. */
function expectedRect(box: readonly number[], page: { width: number; height: number }, rotation: number, scale: number) {
  const [left, top, width, height] = box as [number, number, number, number];
  const [right, bottom] = [left + width, top + height];
  const turned =
    rotation === 90 ? { x: page.height - bottom, y: left, w: height, h: width }
    : rotation === 180 ? { x: page.width - right, y: page.height - bottom, w: width, h: height }
    : rotation === 270 ? { x: top, y: page.width - right, w: height, h: width }
    : { x: left, y: top, w: width, h: height };
  return { x: turned.x * scale, y: turned.y * scale, width: turned.w * scale, height: turned.h * scale };
}

/** Checks every field box of the open page against the geometry, and counts the boxes that hold ink. */
export async function checkOverlays(page: Page): Promise<{ boxes: number; inked: number; angle: number; rotation: number }> {
  const boxes = page.locator('[data-testid^="overlay-field-"]');
  await expect.poll(() => boxes.count(), { timeout: 120_000 }).toBeGreaterThan(2);
  const sheet = page.getByTestId('page-sheet');
  const [width, height, angle] = (await sheet.getAttribute('data-page'))!.split(',').map(Number) as [number, number, number];
  const rotation = Number(await sheet.getAttribute('data-rotation'));
  const scale = Number(await sheet.getAttribute('data-scale'));
  // Let the page finish drawing before reading pixels.
  await page.waitForFunction('document.querySelector(".page-canvas") && document.querySelector(".page-canvas").width > 100');
  await page.waitForTimeout(1500);
  let inked = 0;
  const count = await boxes.count();
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    await box.scrollIntoViewIfNeeded();
    const sheetBox = (await sheet.boundingBox())!;
    // An SVG box's bounding box takes in its stroke, half on either side: the geometry is within it.
    const stroke = await box.evaluate((element) => Number.parseFloat((globalThis as unknown as StyleOf).getComputedStyle(element).strokeWidth) || 0);
    const outer = (await box.boundingBox())!;
    const screen = { x: outer.x + stroke / 2, y: outer.y + stroke / 2, width: outer.width - stroke, height: outer.height - stroke };
    const expected = expectedRect((await box.getAttribute('data-box'))!.split(',').map(Number), { width, height }, rotation, scale);
    expect(Math.abs(screen.x - (sheetBox.x + expected.x))).toBeLessThan(1.5);
    expect(Math.abs(screen.y - (sheetBox.y + expected.y))).toBeLessThan(1.5);
    expect(Math.abs(screen.width - expected.width)).toBeLessThan(1.5);
    expect(Math.abs(screen.height - expected.height)).toBeLessThan(1.5);
    if (screen.width < 8 || screen.height < 8) continue;
    const png = await page.screenshot({ clip: { x: screen.x + 2, y: screen.y + 2, width: screen.width - 4, height: screen.height - 4 } });
    if ((await inkShare(png)) > 0.02) inked++;
  }
  return { boxes: count, inked, angle, rotation };
}
