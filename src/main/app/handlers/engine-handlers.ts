import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { EngineHost } from '../../core/engine-host/index.js';

export function engineHandlers(deps: { engine: EngineHost }): InvokeHandlers {
  return {
    'engine.status': () => deps.engine.status(),
    'engine.restart': async () => {
      // The status says how it went; a failed restart is a state the user sees, not a failed call.
      await deps.engine.restart().catch(() => undefined);
      return deps.engine.status();
    },
  };
}
