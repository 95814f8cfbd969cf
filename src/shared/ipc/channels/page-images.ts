import { z } from 'zod';
import { invokeSpec, NoArgs } from '../invoke-spec.js';
import { WorkspaceArgs } from '../local-change.js';

/** One page of a cached file: `page` is its index in the file's `pages[]`, as positions count pages. */
export const PageImageRef = WorkspaceArgs.extend({ file_id: z.string().min(1), page: z.number().int().nonnegative() });
export type PageImageRef = z.infer<typeof PageImageRef>;

/**
 * A page's picture from the image cache, or why there is none yet. `unavailable` with
 * `pending: true` comes later by itself (offline, queued); without, the page has no picture.
 */
export const PageImageAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ready'), mime_type: z.string(), bytes: z.instanceof(Uint8Array) }),
  z.object({ state: z.literal('downloading') }),
  z.object({ state: z.literal('unavailable'), reason: z.string(), pending: z.boolean() }),
]);
export type PageImageAnswer = z.infer<typeof PageImageAnswer>;

export const PageImageCacheInfo = z.object({
  size_bytes: z.number().int().nonnegative(),
  limit_bytes: z.number().int().positive(),
  /** Pages whose picture is on disk. */
  pages: z.number().int().nonnegative(),
  /** Files with at least one such page. */
  files: z.number().int().nonnegative(),
});
export type PageImageCacheInfo = z.infer<typeof PageImageCacheInfo>;

/** Below this the cache could not hold a few pages of one file. */
export const MIN_PAGE_IMAGE_LIMIT_BYTES = 16 * 1024 * 1024;

/** A page whose picture arrived in the cache or was found to have none. */
export const PageImageChanged = z.object({ workspaceId: z.string(), fileIds: z.array(z.string()) });

export const pageImageChannels = {
  'pageImages.get': invokeSpec(PageImageRef, PageImageAnswer),
  'pageImages.cacheInfo': invokeSpec(NoArgs, PageImageCacheInfo),
  'pageImages.setLimit': invokeSpec(z.strictObject({ limit_bytes: z.number().int().min(MIN_PAGE_IMAGE_LIMIT_BYTES) }), PageImageCacheInfo),
  'pageImages.clear': invokeSpec(NoArgs, PageImageCacheInfo),
} as const;
