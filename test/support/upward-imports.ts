import { relative, sep } from 'node:path';
import { importGraph } from './import-cycles.js';

/**
 * The imports under `folder` that run from a lower room to a higher one, as "from -> to" (paths
 * relative to `folder`). A room is a top-level folder of `folder`, ranked by its place in `rooms`
 * (lowest first); files lying at the top of `folder` form the highest room, the door to all.
 */
export function upwardImports(folder: string, rooms: readonly string[]): string[] {
  const rankOf = (file: string) => {
    const path = relative(folder, file).split(sep);
    return path.length === 1 ? rooms.length : rankOfRoom(rooms, path[0]!);
  };
  const graph = importGraph(folder);
  const ranks = new Map([...graph.keys()].map((file) => [file, rankOf(file)]));
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      // Imports that leave the folder (the engine's store, src/shared) are not its rooms' business.
      if ((ranks.get(target) ?? -1) > ranks.get(file)!) upward.push(`${relative(folder, file)} -> ${relative(folder, target)}`);
    }
  }
  return upward.sort();
}

function rankOfRoom(rooms: readonly string[], room: string): number {
  const rank = rooms.indexOf(room);
  if (rank < 0) throw new Error(`The folder "${room}" has no place in the room order: add it where it belongs.`);
  return rank;
}
