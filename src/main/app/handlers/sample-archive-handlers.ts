import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { ClientFactory } from '../client-factory.js';
import { exportTarget } from '../export-target.js';

/** A category's samples as one ZIP archive in the exports folder (online only: the samples live on the server). */
export function sampleArchiveHandlers(deps: { clients: Pick<ClientFactory, 'forActive'>; exportsDir: string }): InvokeHandlers {
  return {
    'categories.downloadSamples': async ({ path, ...body }) => {
      const archive = await (await deps.clients.forActive()).categories.samples.batchDownload(body);
      const target = exportTarget(deps.exportsDir, path, `samples-${body.category_id}`, 'zip');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, archive);
      return { path: target, bytes: archive.byteLength };
    },
  };
}
