import { inflateRawSync } from 'node:zlib';
import { ProcessingFailure } from '../document/parsed-document.js';

/**
 * DOCX, XLSX and OFD files are ZIP archives that their readers unpack whole into memory. An archive may
 * unpack to at most this much: every entry is inflated here first against the remaining budget
 * (sizes an archive declares can lie), so a "zip bomb" fails before a reader touches it.
 */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 10_000;

export function requireUnpackable(bytes: Uint8Array, kind: string): void {
  walkArchive(bytes, kind, () => undefined);
}

/**
 * Every entry of an archive by its name, unpacked within the same budget; an entry whose name points
 * outside the archive ("../", absolute, a drive) refuses the whole file, as a reader could follow it.
 */
export function unpackArchive(bytes: Uint8Array, kind: string): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  walkArchive(bytes, kind, (name, data) => entries.set(name, data));
  return entries;
}

function walkArchive(bytes: Uint8Array, kind: string, visit: (name: string, data: Uint8Array) => void): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = () => new ProcessingFailure(`The file is not a readable ${kind} document (damaged, truncated, or not really a ${kind}).`);
  const end = endOfDirectory(view);
  if (end < 0) throw damaged();
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ENTRIES) throw tooLarge(kind);
  let [offset, budget] = [view.getUint32(end + 16, true), MAX_UNPACKED_BYTES];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) throw damaged();
    const method = view.getUint16(offset + 10, true);
    const compressed = view.getUint32(offset + 20, true);
    const local = view.getUint32(offset + 42, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw damaged();
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) throw damaged();
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + view.getUint16(offset + 28, true)));
    if (outsideArchive(name)) throw new ProcessingFailure(`The ${kind} file holds an entry that points outside it ("${name.slice(0, 80)}"): it is refused as unsafe.`);
    const data = unpacked(bytes.subarray(start, start + compressed), method, budget, kind);
    budget -= data.length;
    visit(name, data);
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
}

function unpacked(data: Uint8Array, method: number, budget: number, kind: string): Uint8Array {
  if (method === 0) {
    if (data.length > budget) throw tooLarge(kind);
    return data;
  }
  if (method !== 8) throw new ProcessingFailure(`The ${kind} document uses a compression the engine does not read (method ${method}).`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(kind);
    throw new ProcessingFailure(`The ${kind} document is damaged: a part of it cannot be unpacked.`);
  }
}

function tooLarge(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The ${kind} document unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: it is refused as a possible "zip bomb". Save it as PDF and upload that.`);
}

function outsideArchive(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..');
}

/** The end-of-central-directory record: within the last 64 KB + 22 bytes (its comment is at most 64 KB). */
function endOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 65_557); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  return -1;
}
