// Development and tests only (the engine run from TypeScript by tsx): tsx cannot register itself in
// worker threads on Node 20 through --import, so this entry registers it, then loads the worker.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./ocr-worker.ts');

export const recognize = worker.recognize;
export const readTextLayer = worker.readTextLayer;
export const readOfd = worker.readOfd;
export const renderPage = worker.renderPage;
