// Where a document sits in a queue the clerk works through. Pure.

export interface QueuePlace {
  previous: string | undefined;
  next: string | undefined;
  /** 1-based place of the file in the queue; undefined when it left the queue (e.g. marked done). */
  position: number | undefined;
  count: number;
}

/** The documents before and after `fileId` in an open queue; next and previous need no mouse. */
export function placeIn(fileIds: readonly string[], fileId: string, remembered: number | undefined): QueuePlace {
  const index = fileIds.indexOf(fileId);
  if (index >= 0) return { previous: fileIds[index - 1], next: fileIds[index + 1], position: index + 1, count: fileIds.length };
  // The file left the queue: its old place now holds the next one.
  const at = Math.min(remembered ?? 0, fileIds.length);
  return { previous: fileIds[at - 1], next: fileIds[at], position: undefined, count: fileIds.length };
}
