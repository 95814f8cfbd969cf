import { describe, expect, it } from 'vitest';
import { pageDrawing, type PageSource } from '../../../../src/renderer/features/viewer/page-source';

const bitmap = { width: 1190, height: 1684 } as ImageBitmap;
const pictures: PageSource = { kind: 'pictures' };

describe('what a page is drawn from', () => {
  it('is the uploaded original whenever the desk has it, whatever the image cache holds', () => {
    const original: PageSource = { kind: 'image', bitmap };
    expect(pageDrawing(original, undefined)).toBe(original);
    expect(pageDrawing(original, { state: 'unavailable', reason: 'offline', pending: true })).toBe(original);
  });

  it('is the page picture once the image cache has it', () => {
    expect(pageDrawing(pictures, { state: 'ready', bitmap })).toEqual({ kind: 'picture', bitmap });
  });

  it('is nothing yet (a placeholder) while the picture is asked for or downloading', () => {
    expect(pageDrawing(pictures, undefined)).toBeUndefined();
    expect(pageDrawing(pictures, { state: 'downloading' })).toBeUndefined();
  });

  it('is the recognised text when no picture can be had, offline or ever', () => {
    expect(pageDrawing(pictures, { state: 'unavailable', reason: 'offline', pending: true })).toEqual({ kind: 'text' });
    expect(pageDrawing(pictures, { state: 'unavailable', reason: 'the local engine cannot draw DOCX pages', pending: false })).toEqual({ kind: 'text' });
  });
});
