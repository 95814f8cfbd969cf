export { HotFolder, DONE_FOLDER, RefusedFile, type HotFolderOptions, type HotFolderSink } from './hot-folder.js';
export { HotFolderLedger, fileKey } from './hot-folder-ledger.js';
export { HotFolderService, type HotFolderServiceOptions } from './hot-folder-service.js';
