import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { ClientFactory } from '../client-factory.js';
import { stamp } from './journal-handlers.js';

/** A category's samples as one ZIP archive in the exports folder (online only: the samples live on the server). */
export function sampleArchiveHandlers(deps: { clients: Pick<ClientFactory, 'forActive'>; exportsDir: string }): InvokeHandlers {
  return {
    'categories.downloadSamples': async ({ path, ...body }) => {
      const archive = await (await deps.clients.forActive()).categories.samples.batchDownload(body);
      const target = path ?? join(deps.exportsDir, `samples-${body.category_id}-${stamp()}.zip`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, archive);
      return { path: target, bytes: archive.byteLength };
    },
  };
}
