import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { HotFolderService } from '../../core/hot-folder/index.js';

export function hotFolderHandlers(deps: { hotFolder: HotFolderService }): InvokeHandlers {
  return {
    'hotFolder.get': () => deps.hotFolder.state(),
    'hotFolder.configure': (settings) => deps.hotFolder.configure(settings),
  };
}
