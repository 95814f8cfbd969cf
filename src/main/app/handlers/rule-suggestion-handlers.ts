import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { suggestCheck } from '../../core/rule-suggestions/suggest-check.js';
import type { CoreSession } from '../core-session.js';

/** Check lines read from a rule's prose, against the cached fields of its categories: offline, nothing stored. */
export function ruleSuggestionHandlers(deps: { session: CoreSession }): InvokeHandlers {
  return {
    'rules.suggestCheck': ({ workspace_id, prompt, category_ids }) => {
      const categories = deps.session.current().catalog.categories(workspace_id).filter((c) => category_ids.includes(c.id));
      return { suggestion: suggestCheck(prompt, categories) };
    },
  };
}
