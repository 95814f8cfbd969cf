import { dialog, shell, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { InvokeHandlers } from '../../shared/ipc/dispatcher.js';

/** What only the Electron host can do: native pickers and the file manager. */
export function nativeDialogHandlers(window: () => BrowserWindow | null): InvokeHandlers {
  return {
    'dialog.pickPaths': async ({ kind, title }) => {
      const options: OpenDialogOptions = {
        title: title ?? (kind === 'folder' ? 'Choose a folder' : 'Choose files'),
        properties: kind === 'folder' ? ['openDirectory'] : ['openFile', 'multiSelections'],
      };
      const parent = window();
      const picked = await (parent === null ? dialog.showOpenDialog(options) : dialog.showOpenDialog(parent, options));
      return { paths: picked.canceled ? [] : picked.filePaths };
    },
    'dialog.revealPath': ({ path }) => {
      shell.showItemInFolder(path);
      return {};
    },
  };
}
