import { resolvePartPath } from './ofd-container.js';
import type { OfdDocument } from './ofd-document.js';
import { readDer } from './der.js';
import type { SignatureCheck } from './ofd-signature-check.js';
import { checkSignedValue } from './signed-value.js';
import { childOf, childrenOf, textAt } from '../../../../shared-node/xml/xml-element.js';

const ENTRIES = 'ofdentries.xml';

/**
 * The package's integrity protection (GM/T 0099-2020, 7.4), when it has one: OFDEntries.xml names
 * the package's files, and its signed value signs the SM3 hash of that list. It guards against
 * files added to or taken from the package (夹带), not against changes inside a file: the list
 * holds no hash of any file's content. So the best it can say is `altered` (a file unlisted or
 * missing, the list or its signature changed) or `not checked` (the content was not protected).
 */
export function integrityCheck(doc: OfdDocument): SignatureCheck | undefined {
  const entries = doc.container.xml(ENTRIES);
  if (!entries) return undefined;
  const valueLoc = resolvePartPath(textAt(entries, 'SignedValueLoc') ?? '', '').toLowerCase();
  const value = valueLoc ? doc.container.part(valueLoc) : undefined;
  const signed = checkSignedValue(value && readDer(value), doc.container.part(ENTRIES)!);
  if (signed.verdict === 'invalid') return { status: 'altered', reason: `the package's signed file list: ${signed.detail}` };
  const listed = new Set(childrenOf(childOf(entries, 'FileList'), 'File').map((file) => resolvePartPath(file.attrs.FileLoc ?? '', '').toLowerCase()));
  const missing = [...listed].filter((name) => !doc.container.part(name));
  const added = doc.container.names().filter((name) => name !== ENTRIES && name !== valueLoc && !listed.has(name));
  if (added.length > 0) return { status: 'altered', reason: `the package holds ${added.length} file(s) its signed file list does not name (${added.slice(0, 3).join(', ')})` };
  if (missing.length > 0) return { status: 'altered', reason: `${missing.length} file(s) of the signed file list are missing (${missing.slice(0, 3).join(', ')})` };
  const what = signed.verdict === 'valid' ? 'its SM2 signature verified with the certificate it carries' : `its signature not checked (${signed.detail})`;
  return {
    status: 'not checked',
    reason: `the package's integrity protection (GM/T 0099) lists exactly the files it holds, ${what}; it holds no hash of their content, so a change inside a page cannot be seen`,
  };
}
