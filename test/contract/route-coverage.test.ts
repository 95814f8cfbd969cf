import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_NAMES } from '../../src/shared/api/index.js';
import { apiCoverage, publishedPathCoverage, renderCoverage } from './api-coverage.js';

describe('route coverage', () => {
  it('has all 27 routes of the contract, the 10 of the notes, the 16 the published document adds and the SDK\'s 1, beside the engine\'s 3 extras', () => {
    const from = (source: string) => ROUTE_NAMES.filter((name) => ROUTES[name].source === source).length;
    expect([from('contract'), from('notes'), from('published'), from('sdk'), from('engine')]).toEqual([27, 10, 16, 1, 3]);
  });

  it('has every path of the published OpenAPI document, with its method', async () => {
    const { covered, paths } = await publishedPathCoverage();
    expect(paths.length).toBe(52);
    expect(paths.filter((path) => !covered.includes(path))).toEqual([]);
  });

  it('has an engine handler and a contract test for every route in the table', async () => {
    const missing = (await apiCoverage()).filter((row) => !row.handlerFile || row.testFiles.length === 0).map((row) => row.label);
    expect(missing).toEqual([]);
  });

  it('keeps docs/api-coverage.md in step with the code', async () => {
    const written = await readFile(resolve(import.meta.dirname, '../../docs/api-coverage.md'), 'utf8');
    expect(written).toBe(renderCoverage(await apiCoverage(), await publishedPathCoverage()));
  });
});
