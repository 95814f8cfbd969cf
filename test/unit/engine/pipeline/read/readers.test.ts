import { describe, expect, it } from 'vitest';
import { FILE_FORMATS } from '../../../../../src/shared/api/index.js';
import { READERS } from '../../../../../src/engine/pipeline/read/readers.js';

describe('the readers', () => {
  it('give every format the interface accepts exactly one reader', () => {
    for (const format of FILE_FORMATS) expect(READERS.filter((reader) => reader.formats.includes(format)), format).toHaveLength(1);
  });
});
