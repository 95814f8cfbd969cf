import type { PreflightResult } from '../../../shared/ipc/channels/uploads';

/** A file the clerk dropped or picked, on its way to the queue: staged (a local path), then checked. */
export interface PendingFile {
  id: number;
  name: string;
  size: number;
  path: string | null;
  state: 'staging' | 'checking' | 'checked' | 'failed';
  error: string | null;
  check: PreflightResult | null;
}
