import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DEFLATE = 8;
/** Bit 11: names are UTF-8 (sample names are often Chinese). */
const UTF8_NAMES = 0x0800;

/** A ZIP archive of the entries, deflated (sample batch download). Names repeated in the input get " (2)", " (3)"... */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of distinctNames(entries)) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = deflateRawSync(entry.bytes);
    const crc = crc32(entry.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    writeCommon(local, 4, { crc, compressed: data.length, size: entry.bytes.byteLength, nameLength: name.length });
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4); // made by: version 2.0
    writeCommon(central, 6, { crc, compressed: data.length, size: entry.bytes.byteLength, nameLength: name.length });
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The members local and central headers share, from "version needed" to the name's length. */
function writeCommon(header: Buffer, at: number, facts: { crc: number; compressed: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt32LE(0x00210000, at + 6); // 1980-01-01 00:00, the format's earliest time
  header.writeUInt32LE(facts.crc, at + 10);
  header.writeUInt32LE(facts.compressed, at + 14);
  header.writeUInt32LE(facts.size, at + 18);
  header.writeUInt16LE(facts.nameLength, at + 22);
}

function distinctNames(entries: readonly ZipEntry[]): ZipEntry[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const count = (seen.get(entry.name) ?? 0) + 1;
    seen.set(entry.name, count);
    if (count === 1) return entry;
    const dot = entry.name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [entry.name.slice(0, dot), entry.name.slice(dot)] : [entry.name, ''];
    return { ...entry, name: `${stem} (${count})${ext}` };
  });
}
