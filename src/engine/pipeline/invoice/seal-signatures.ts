import { z } from 'zod';
import type { FileData } from '../../../shared/api/index.js';

/** What a reader found about an electronic seal's signature, carried on its stamp (OFD seals). */
export const SealSignature = z.object({ signature: z.enum(['intact', 'altered', 'not checked']), signatureReason: z.string() });
export type SealSignature = z.infer<typeof SealSignature>;

/** The signature checks carried by a file's stamps (none for stamps found on a picture). */
export function sealSignaturesOf(stamps: FileData['stamps'] | undefined): SealSignature[] {
  return (stamps ?? []).flatMap((stamp) => {
    const parsed = SealSignature.safeParse(stamp);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One sentence for the verification's reasons: intact, altered or not checked, never "verified". */
export function sealSentence(check: SealSignature): string {
  if (check.signature === 'altered') return `The electronic seal shows the file was changed after it was signed: ${check.signatureReason}.`;
  if (check.signature === 'intact') return `The electronic seal shows the file intact: ${check.signatureReason}.`;
  return `The electronic seal's signature was not checked: ${check.signatureReason}.`;
}
