import type { UploadView } from '../../../shared/ipc/channels/uploads';
import type { UploadOptions } from '../../../shared/api/files';
import { invoke, localPaths, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';
import type { PendingFile } from './pending-file';
import { upsertUpload } from './upload-groups';

export type { PendingFile };

export type IntakeOptions = Omit<UploadOptions, 'workspace_id'>;

interface IntakeState {
  pending: PendingFile[];
  options: IntakeOptions;
  /** Passwords of encrypted PDFs, by local path. */
  passwords: Readonly<Record<string, string>>;
  allowDuplicates: boolean;
  uploads: UploadView[];
  error: string | null;
}

export const intakeStore = createStore<IntakeState>({
  pending: [],
  options: { target_process: 'extract' },
  passwords: {},
  allowDuplicates: false,
  uploads: [],
  error: null,
});

/** Bytes sent per upload: frequent, so kept apart from the rest and read by the progress bars only. */
export const progressStore = createStore<{ sent: Readonly<Record<string, number>> }>({ sent: {} });

const STAGE_CONCURRENCY = 4;
const PREFLIGHT_CHUNK = 100;
let nextId = 1;

// Hundreds of files answer one by one while they are staged and checked: their changes are
// applied once per frame, so the screen renders once per frame rather than once per answer.
const queuedPatches = new Map<number, ((file: PendingFile) => Partial<PendingFile>)[]>();
let flushScheduled = false;

function flushPatches(): void {
  flushScheduled = false;
  const patches = new Map(queuedPatches);
  queuedPatches.clear();
  intakeStore.set((s) => ({
    pending: s.pending.map((f) => {
      const changes = patches.get(f.id);
      return changes ? changes.reduce((file, change) => ({ ...file, ...change(file) }), f) : f;
    }),
  }));
}

function patchPending(ids: ReadonlySet<number>, patch: (file: PendingFile) => Partial<PendingFile>): void {
  for (const id of ids) queuedPatches.set(id, [...(queuedPatches.get(id) ?? []), patch]);
  if (flushScheduled) return;
  flushScheduled = true;
  requestAnimationFrame(flushPatches);
}

/** Files dropped or picked: staged (the web host stores them; Electron knows their paths), then checked. */
export async function addFiles(files: readonly File[]): Promise<void> {
  const added = files.map((file): PendingFile & { file: File } => ({ id: nextId++, name: file.name, size: file.size, path: null, state: 'staging', error: null, check: null, file }));
  intakeStore.set((s) => ({ pending: [...s.pending, ...added.map(({ file: _file, ...rest }) => rest)] }));
  const queue = [...added];
  const staged: { id: number; path: string }[] = [];
  await Promise.all(
    Array.from({ length: Math.min(STAGE_CONCURRENCY, queue.length) }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const current = item;
        try {
          const [path] = await localPaths([current.file]);
          staged.push({ id: current.id, path: path! });
          patchPending(new Set([current.id]), () => ({ path: path!, state: 'checking' }));
        } catch (error) {
          patchPending(new Set([current.id]), () => ({ state: 'failed', error: errorMessage(error) }));
        }
      }
    }),
  );
  for (let i = 0; i < staged.length; i += PREFLIGHT_CHUNK) await check(staged.slice(i, i + PREFLIGHT_CHUNK));
}

/** Pre-flight: format, size, pages, password, duplicates; nothing is sent yet. */
async function check(files: readonly { id: number; path: string }[]): Promise<void> {
  const workspaceId = workspaceStore.get().activeId;
  if (workspaceId === null || files.length === 0) return;
  const ids = new Set(files.map((f) => f.id));
  const { passwords } = intakeStore.get();
  const pdfPasswords = Object.fromEntries(files.flatMap((f) => (passwords[f.path] ? [[f.path, passwords[f.path]!]] : [])));
  try {
    const answer = await invoke('uploads.preflight', { workspace_id: workspaceId, paths: files.map((f) => f.path), ...(Object.keys(pdfPasswords).length > 0 ? { pdfPasswords } : {}) });
    const byPath = new Map(answer.files.map((r) => [r.path, r]));
    patchPending(ids, (f) => ({ state: 'checked', check: byPath.get(f.path ?? '') ?? null }));
  } catch (error) {
    patchPending(ids, () => ({ state: 'failed', error: errorMessage(error) }));
  }
}

export function setPassword(file: PendingFile, password: string): void {
  if (file.path === null) return;
  intakeStore.set((s) => ({ passwords: { ...s.passwords, [file.path!]: password } }));
  patchPending(new Set([file.id]), () => ({ state: 'checking' }));
  void check([{ id: file.id, path: file.path }]);
}

export function removePending(ids: readonly number[]): void {
  const drop = new Set(ids);
  intakeStore.set((s) => ({ pending: s.pending.filter((f) => !drop.has(f.id)) }));
}

export function setOptions(patch: Partial<IntakeOptions>): void {
  intakeStore.set((s) => {
    const options: Record<string, unknown> = { ...s.options, ...patch };
    for (const key of Object.keys(options)) if (options[key] === undefined || options[key] === '') delete options[key];
    return { options: options as IntakeOptions };
  });
}

/** Sends the checked files that nothing blocks to the upload queue (it works offline: they wait there). */
export async function enqueueChecked(): Promise<number> {
  const workspaceId = workspaceStore.get().activeId;
  const { pending, options, passwords, allowDuplicates } = intakeStore.get();
  const ready = pending.filter((f) => f.state === 'checked' && f.check && (!f.check.blocked) && (allowDuplicates || !f.check.warnings.some((w) => w.code === 'duplicate')));
  if (workspaceId === null || ready.length === 0) return 0;
  const paths = ready.map((f) => f.path!);
  const pdfPasswords = Object.fromEntries(paths.flatMap((p) => (passwords[p] ? [[p, passwords[p]!]] : [])));
  try {
    const answer = await invoke('uploads.enqueue', {
      paths,
      options: { ...options, workspace_id: workspaceId },
      ...(Object.keys(pdfPasswords).length > 0 ? { pdfPasswords } : {}),
      ...(allowDuplicates ? { allowDuplicates } : {}),
    });
    const refused = new Map(answer.refused.map((r) => [r.path, r]));
    intakeStore.set((s) => ({
      error: null,
      pending: s.pending.flatMap((f) => (f.path !== null && paths.includes(f.path) ? (refused.has(f.path) ? [{ ...f, check: refused.get(f.path)! }] : []) : [f])),
      uploads: answer.queued.reduce(upsertUpload, s.uploads),
    }));
    return answer.queued.length;
  } catch (error) {
    intakeStore.set({ error: errorMessage(error) });
    return 0;
  }
}

export function startIntake(): void {
  subscribe('uploads.changed', (upload) => intakeStore.set((s) => ({ uploads: upsertUpload(s.uploads, upload) })));
  let sent: Record<string, number> | undefined;
  subscribe('uploads.progress', (progress) => {
    // Progress comes many times a second per upload: the bars take it once per frame.
    if (sent === undefined) {
      sent = {};
      requestAnimationFrame(() => {
        const batch = sent!;
        sent = undefined;
        progressStore.set((s) => ({ sent: { ...s.sent, ...batch } }));
      });
    }
    sent[progress.uploadId] = progress.sentBytes;
  });
  invoke('uploads.list', {}).then(
    ({ items }) => intakeStore.set({ uploads: items }),
    (error: unknown) => intakeStore.set({ error: errorMessage(error) }),
  );
}

export async function uploadCommand(command: 'uploads.cancel' | 'uploads.retry', ids: readonly string[]): Promise<void> {
  try {
    await invoke(command, { ids: [...ids] });
  } catch (error) {
    intakeStore.set({ error: errorMessage(error) });
  }
}

export async function clearFinished(): Promise<void> {
  try {
    await invoke('uploads.clearFinished', {});
    const { items } = await invoke('uploads.list', {});
    intakeStore.set({ uploads: items });
  } catch (error) {
    intakeStore.set({ error: errorMessage(error) });
  }
}
