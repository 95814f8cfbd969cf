import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { CoreError } from '../../core/core-error.js';
import type { ProfileService } from '../../core/profiles/index.js';
import type { CoreSession } from '../core-session.js';

/** Bound only when the app has its sample documents (resources/samples, or extraResources once packaged). */
export function firstRunHandlers(deps: { session: CoreSession; profiles: ProfileService; samplesDir: string }): InvokeHandlers {
  const local = () => deps.profiles.active().server.kind === 'local';
  return {
    // Samples are for trying the app on this computer: a server account is not a first run.
    'firstRun.state': () => {
      const state = deps.session.current().samples.state();
      return { ...state, firstRun: state.firstRun && local() };
    },
    'firstRun.loadSamples': ({ workspace_id }) => {
      if (!local()) throw new CoreError('INVALID_STATE', 'the sample batch loads into the local engine only: switch to the local profile first');
      return deps.session.current().samples.load(workspace_id, deps.samplesDir);
    },
  };
}
