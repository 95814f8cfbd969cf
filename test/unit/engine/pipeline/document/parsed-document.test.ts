import { describe, expect, it } from 'vitest';
import { answeredDocument, lineOf } from '../../../../../src/engine/pipeline/document/parsed-document.js';

describe('answeredDocument', () => {
  it('answers each line as the published schema has it, without the recognizer doubts only the engine reads', () => {
    const line = lineOf(['O', 'K'], [[0, 0, 10, 0, 10, 20, 0, 20], [10, 0, 20, 0, 20, 20, 10, 20]], [0.3, 0]);
    const document = { pages: [{ angle: 0, width: 100, height: 50, lines: [line] }] };
    expect(answeredDocument(document)).toEqual({ pages: [{ angle: 0, width: 100, height: 50, lines: [{ text: 'OK', position: [0, 0, 20, 0, 20, 20, 0, 20], charPositions: line.charPositions }] }] });
    expect(document.pages[0]!.lines[0]!.doubts).toEqual([0.3, 0]);
  });
});
