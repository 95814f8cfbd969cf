import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { apiCoverage, publishedPathCoverage, renderCoverage } from './api-coverage.js';

await writeFile(resolve(import.meta.dirname, '../../docs/api-coverage.md'), renderCoverage(await apiCoverage(), await publishedPathCoverage()));
