import { contextBridge } from 'electron';
import { readVersionArgument } from '../shared/ipc/launch-arguments';
import type { DocketApi } from './docket-api';

// Frozen plain data: the renderer gets nothing it could use to reach Node or Electron.
const api: DocketApi = Object.freeze({
  version: readVersionArgument(process.argv) ?? 'unknown',
});

contextBridge.exposeInMainWorld('docket', api);
