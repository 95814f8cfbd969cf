import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { CoreSession } from '../core-session.js';

export function uploadHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const uploads = () => deps.session.current().uploads;
  return {
    'uploads.preflight': async ({ paths, workspace_id, pdfPasswords }) => ({ files: await uploads().preflight(paths, workspace_id, pdfPasswords) }),
    'uploads.enqueue': (input) => uploads().enqueue({ ...input, source: 'user' }),
    'uploads.list': (options) => ({ items: uploads().list(options) }),
    'uploads.cancel': ({ ids }) => (uploads().cancel(ids), {}),
    'uploads.retry': ({ ids }) => (uploads().retry(ids), {}),
    'uploads.clearFinished': () => (uploads().clearFinished(), {}),
  };
}
