import { loadImage } from '@napi-rs/canvas';
import { expect } from 'vitest';
import { FileList } from '../../src/shared/api/index.js';
import type { ContractRig } from './contract-rig.js';

/** The first page of a task the engine drew itself (an XML e-invoice, an OFD) is served as a PNG at the size file/fetch reports. */
export async function expectDrawnPageAtFetchedSize(rig: ContractRig, taskId: string): Promise<void> {
  const answer = await rig.raw('GET', '/file/fetch', { query: { workspace_id: rig.workspaceId, task_id: taskId, with_image_url: 'true' } });
  const page = FileList.parse(answer.result).files[0]!.pages[0]!;
  const response = await fetch(page.image_url!);
  expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
  const image = await loadImage(Buffer.from(await response.arrayBuffer()));
  expect([image.width, image.height]).toEqual([page.width, page.height]);
}
