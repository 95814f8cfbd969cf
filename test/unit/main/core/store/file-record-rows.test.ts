import { describe, expect, it } from 'vitest';
import { serverColumnsOf } from '../../../../../src/main/core/store/file-record-rows.js';
import { linkedRecord } from '../page-images/page-image-fixture.js';

describe('the cached columns of a file record', () => {
  it('leave page image links out of the record, so that a fresh link is no change', () => {
    const columns = serverColumnsOf(linkedRecord({ id: '1', pages: 2 }));
    const again = serverColumnsOf(linkedRecord({ id: '1', pages: 2, generation: 2 }));
    expect(columns[0]!.record).not.toContain('image_url');
    expect(JSON.parse(columns[0]!.record).pages).toHaveLength(2);
    expect(again[0]!.record).toBe(columns[0]!.record);
  });
});
