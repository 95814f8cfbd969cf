import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FieldScorer, ScorerModel } from '../../../../src/engine/pipeline/fields/field-scorer.js';
import { candidateRows, type CandidateRow } from '../../../../bench/scorer/candidate-rows.js';
import { scorerDocuments } from '../../../../bench/scorer/scorer-set.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const FAMILIES = ['de-letter-window', 'en-right-letterhead', 'es-totals-left', 'fr-centred-letterhead', 'it-two-line-header'];
const HELD_OUT = 'it-two-line-header';

const logLoss = (rows: readonly CandidateRow[], p: (row: CandidateRow) => number) => -rows.reduce((sum, r) => sum + Math.log(r.label ? p(r) : 1 - p(r)), 0) / rows.length;

describe('fit-scorer.py', () => {
  it('fits a small generated set, the same file twice, and beats a constant on a family kept out of the fit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fit-scorer-'));
    const rows: CandidateRow[] = [];
    for await (const doc of scorerDocuments({ cache: dir, perFamily: 3, seed: 5, sets: ['generated'], families: FAMILIES, keptOut: [HELD_OUT] })) rows.push(...candidateRows(doc));
    const candidates = join(dir, 'candidates.jsonl');
    await writeFile(candidates, rows.map((r) => JSON.stringify(r)).join('\n'));
    const fit = async (model: string) => {
      execFileSync('/usr/bin/python3', ['bench/scorer/fit-scorer.py', '--candidates', candidates, '--model', model, '--c', '1'], { cwd: ROOT, stdio: 'pipe' });
      return readFile(model, 'utf8');
    };
    const [model, again] = [ScorerModel.parse(JSON.parse(await fit(join(dir, 'a.json')))), ScorerModel.parse(JSON.parse(await fit(join(dir, 'b.json'))))];
    // The same data gives the same weights (the command line that names the output aside).
    expect({ ...again, fitted: model.fitted }).toEqual(model);
    expect(model.fitted.keptOut).toContain(`gen-${HELD_OUT}`);
    const scorer = new FieldScorer(model);
    const fitted = rows.filter((r) => !r.keptOut);
    const heldOut = rows.filter((r) => r.keptOut);
    const constant = fitted.filter((r) => r.label === 1).length / fitted.length;
    expect(heldOut.length).toBeGreaterThan(50);
    expect(logLoss(heldOut, (r) => scorer.probability(r.features))).toBeLessThan(0.6 * logLoss(heldOut, () => constant));
  }, 120_000);
});
