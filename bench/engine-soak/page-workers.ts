import { readdir, readlink } from 'node:fs/promises';

/**
 * The event loops open in a process: each is an epoll instance, an `anon_inode:[eventpoll]` among its
 * file descriptors. Every page worker is a Node worker thread with a loop of its own, closed when the
 * worker stops; the engine's other loops (its main loop, V8's task scheduler, the canvas module's
 * runtime) are open before the first batch and stay. So the workers alive are the loops above the
 * count before the first batch. Its thread count cannot say it: the first worker leaves behind a
 * thread of onnxruntime's (seen in gdb: a thread of libonnxruntime.so waiting on a condition),
 * which stays for the life of the process, so an engine whose workers have stopped keeps one thread
 * more than it had before the first batch.
 */
export async function eventLoops(pid: number): Promise<number> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target === 'anon_inode:[eventpoll]').length;
}
