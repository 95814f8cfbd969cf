import { ProcessingFailure } from '../../document/parsed-document.js';

export function truncatedImage(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The ${kind} image is truncated: its end is missing (an interrupted download or copy?). Upload the complete file.`);
}

export function damagedImage(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The file is not a readable ${kind} image (damaged, truncated or not really a ${kind}).`);
}

const SAVE_COMPRESSED = 'Save the scan as PDF, or as a TIFF with LZW, Deflate, PackBits, CCITT Group 4 or JPEG compression, and upload that.';

/** Names a clerk may recognise in a scanner's or an archive's settings, for the compressions libtiff names by number only or by its own short name. */
const COMPRESSION_NAMES: Readonly<Record<string, string>> = {
  '9': 'JBIG',
  '10': 'JBIG colour',
  '34661': 'JBIG',
  '34712': 'JPEG 2000',
  '50002': 'JPEG XL',
  'ISO JBIG': 'JBIG',
  ZSTD: 'Zstandard',
};

// libtiff's words for a codec it was built without: "<name> compression support is not configured", "Compression scheme <n> strip decoding is not implemented".
const UNCONFIGURED = /(?:^|: )(\S[^:]*?) compression support is not configured|Compression scheme (\d+) \w+ decoding is not implemented/;
const TRUNCATED = /premature end|end of stream|read error at|bad seek|seek error|failed to read directory|can not read tiff directory|unexpected end|truncated/i;
const DAMAGED = /unsupported image format|corrupt header/i;
/** The compressed data a TIFF decoder failed on, by the words of libtiff's decoders (LZW's errors name no decoder). */
const CODEC_WORDS: readonly [RegExp, string][] = [
  [/LZW|code not yet in table/, 'LZW'],
  [/ZIPDecode/, 'Deflate'],
  [/PackBits/, 'PackBits'],
  [/Fax3|Fax4|CCITT/, 'fax'],
  [/JPEG/, 'JPEG'],
  [/WebP/, 'WebP'],
];

/**
 * A libvips failure worded for a clerk: a compression the engine's libtiff lacks (named, with what to
 * save instead), a file that ends early, or damage with libtiff's or the decoder's own reason.
 * `where` names the page: "Page 2 of the TIFF", "The TIFF".
 */
export function decodeFailure(error: unknown, kind: string, where: string): ProcessingFailure {
  const message = error instanceof Error ? error.message : String(error);
  const codec = UNCONFIGURED.exec(message);
  if (codec) {
    const name = codec[1] ?? codec[2]!;
    return new ProcessingFailure(`${where} is compressed with ${COMPRESSION_NAMES[name] ?? (codec[1] ? name : `an unknown method (compression ${name})`)}, which the local engine cannot decode. ${SAVE_COMPRESSED}`);
  }
  if (isTruncation(message)) return truncatedImage(kind);
  if (DAMAGED.test(message)) return damagedImage(kind);
  const data = CODEC_WORDS.find(([words]) => words.test(message))?.[1];
  const reason = data ? `the ${data} data is damaged` : reasonOf(message);
  return new ProcessingFailure(`The ${kind} image could not be decoded (damaged or truncated)${reason ? `: ${reason}` : ''}.`);
}

/** libvips's, libtiff's, libspng's or libjpeg's words say the file ends before its pixels or pages do. */
export function isTruncation(message: string): boolean {
  return TRUNCATED.test(message);
}

/** The decoder's first own words: libvips prefixes each line with the stage that failed ("source input: ", "tiff2vips: read error"). */
// libvips's error text is one per process: under load another decode may clear it first, and sharp then says only "Unknown error".
function reasonOf(message: string): string | undefined {
  const lines = message.split('\n').map((line) => line.replace(/^(?:[\w ]+: )+/, '').trim());
  return lines.find((line) => line !== '' && line !== 'read error' && !/^unknown error$/i.test(line));
}
