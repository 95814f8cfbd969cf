import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClassifyWeights } from '../../../../src/engine/pipeline/classify/classify-weights.js';
import { KindModel, receiptProbability } from '../../../../src/engine/pipeline/classify/document-structure.js';
import { classifyRows, type ClassifyRow } from '../../../../bench/scorer/classify-rows.js';
import { scorerDocuments } from '../../../../bench/scorer/scorer-set.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const FAMILIES = ['receipt-asia', 'receipt-eu-cash', 'en-right-letterhead', 'de-letter-window', 'es-totals-left', 'receipt-de-kasse'];
const HELD_OUT = 'receipt-de-kasse';

describe('fit-classifier.py', () => {
  it('fits the kind model and the weights from a small generated set, the same files twice, and the kind model tells a family kept out of the fit better than the commoner kind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fit-classifier-'));
    const rows: ClassifyRow[] = [];
    for await (const doc of scorerDocuments({ cache: dir, perFamily: 4, seed: 5, sets: ['generated'], families: FAMILIES, keptOut: [HELD_OUT] })) rows.push(...classifyRows(doc));
    const input = join(dir, 'classify.jsonl');
    await writeFile(input, rows.map((r) => JSON.stringify(r)).join('\n'));
    const fit = async (name: string) => {
      const [kind, weights] = [join(dir, `${name}-kind.json`), join(dir, `${name}-weights.json`)];
      execFileSync('/usr/bin/python3', ['bench/scorer/fit-classifier.py', '--rows', input, '--kind-model', kind, '--weights', weights], { cwd: ROOT, stdio: 'pipe' });
      return { kind: KindModel.parse(JSON.parse(await readFile(kind, 'utf8'))), weights: ClassifyWeights.parse(JSON.parse(await readFile(weights, 'utf8'))) };
    };
    const [first, again] = [await fit('a'), await fit('b')];
    expect(again).toEqual(first);
    expect(first.kind.fitted.keptOut).toEqual([`gen-${HELD_OUT}`]);
    const docs = rows.filter((r) => r.language === 'en' && r.signals !== null);
    const heldOut = docs.filter((r) => r.keptOut);
    const fitted = docs.filter((r) => !r.keptOut);
    const commoner = fitted.filter((r) => r.receipt).length * 2 >= fitted.length;
    const right = heldOut.filter((r) => receiptProbability(r.signals!, first.kind) >= 0.5 === r.receipt).length;
    expect(heldOut.length).toBeGreaterThanOrEqual(3);
    expect(right).toBeGreaterThan(heldOut.filter((r) => r.receipt === commoner).length);
  }, 180_000);
});
