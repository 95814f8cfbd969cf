import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { CoreSession } from '../core-session.js';

/** The viewer's page pictures and the settings screen's image cache controls. */
export function pageImageHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const images = () => deps.session.current().pageImages;
  return {
    'pageImages.get': (ref) => images().get(ref),
    'pageImages.cacheInfo': () => images().info(),
    'pageImages.setLimit': ({ limit_bytes }) => images().setLimit(limit_bytes),
    'pageImages.clear': () => images().clear(),
  };
}
