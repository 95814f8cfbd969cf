import { z } from 'zod';

/** Links one upload may name (the SDK's limit). */
export const MAX_UPLOAD_LINKS = 10;

/** file/upload and file/upload/sync with a JSON body instead of a file: the engine downloads each link and takes it as an upload. */
export const UploadLinksBody = z.strictObject({
  urls: z
    .array(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000))
    .min(1, 'at least one link is required')
    .max(MAX_UPLOAD_LINKS, `at most ${MAX_UPLOAD_LINKS} links`),
});
export type UploadLinksBody = z.input<typeof UploadLinksBody>;
