import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_NAMES } from '../../src/shared/api/index.js';
import { apiCoverage, renderCoverage } from './api-coverage.js';

describe('route coverage', () => {
  it('has all 27 routes of the contract and the 10 of the notes in the table, beside the engine\'s 1 extra', () => {
    const from = (source: string) => ROUTE_NAMES.filter((name) => ROUTES[name].source === source).length;
    expect([from('contract'), from('notes'), from('engine')]).toEqual([27, 10, 1]);
  });

  it('has an engine handler and a contract test for every route in the table', async () => {
    const missing = (await apiCoverage()).filter((row) => !row.handlerFile || row.testFiles.length === 0).map((row) => row.label);
    expect(missing).toEqual([]);
  });

  it('keeps docs/api-coverage.md in step with the code', async () => {
    const written = await readFile(resolve(import.meta.dirname, '../../docs/api-coverage.md'), 'utf8');
    expect(written).toBe(renderCoverage(await apiCoverage()));
  });
});
