import { RefusedFile, type HotFolderSink } from '../core/hot-folder/index.js';
import type { CoreSession } from './core-session.js';

/** The hot folder feeds the active profile's upload queue; what the checks refuse stays in the folder. */
export function uploadQueueSink(session: CoreSession): HotFolderSink {
  return {
    async enqueue(file, options) {
      const { queued, refused } = await session.current().uploads.enqueue({ paths: [file.path], options, source: 'hot-folder' });
      const view = queued[0];
      if (view !== undefined) return view.upload_id;
      const reasons = refused[0]?.warnings.map((warning) => warning.message).join('; ');
      throw new RefusedFile(reasons || 'the upload queue refused it');
    },
  };
}
