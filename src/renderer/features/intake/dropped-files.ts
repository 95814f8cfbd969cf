// Files of a drop, folders walked recursively (the browser hands folders as entries, not files).

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: File[]): Promise<void> {
  if (entry.isFile) {
    out.push(await fileOf(entry as FileSystemFileEntry));
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in chunks (100 at a time in Chromium) until it answers none.
  for (let chunk = await readEntries(reader); chunk.length > 0; chunk = await readEntries(reader)) {
    for (const child of chunk) await walk(child, out);
  }
}

export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  // Entries must be taken synchronously: the DataTransfer is emptied once the drop handler returns.
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry());
  if (entries.every((entry) => entry === null)) return [...transfer.files];
  const files: File[] = [];
  for (const entry of entries) if (entry) await walk(entry, files);
  return files;
}
