import { LIMITS, type FileFormat } from '../../../shared/api/index.js';
import { ProcessingFailure, type ParsedFile } from '../document/parsed-document.js';
import { readerOf, type ParseOptions } from './readers.js';

export const NO_TEXT_CAUSE = 'No text was found in the file: its pages look blank, or the writing is too faint or too small to read.';

/** Text and geometry of an original, whatever its format; what cannot be read fails with a plain cause. */
export async function parseFile(format: FileFormat, bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> {
  if (bytes.byteLength === 0) throw new ProcessingFailure('The file is empty (0 bytes): there is nothing to recognise.');
  if (bytes.byteLength > LIMITS.fileBytes) throw new ProcessingFailure(`The file is ${Math.ceil(bytes.byteLength / 1024 / 1024)} MB; the engine reads files up to ${LIMITS.fileBytes / 1024 / 1024} MB.`);
  const parsed = await parseByFormat(format, bytes, options);
  const hasText = parsed.document.pages.some((p) => p.lines.length > 0);
  // A page holding several photos is cut apart even when none of them carries text.
  if (!hasText && !(options.findRegions && (parsed.regions?.length ?? 0) > 1)) throw new ProcessingFailure(format === 'txt' ? 'The text file holds no text.' : NO_TEXT_CAUSE);
  return parsed;
}

function parseByFormat(format: FileFormat, bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> | ParsedFile {
  const reader = readerOf(format);
  if (!reader) throw new ProcessingFailure(`${format.toUpperCase()} files are not read by the local engine. Save the document as PDF and upload that, or use the cloud service.`);
  return reader.read(bytes, format, options);
}
