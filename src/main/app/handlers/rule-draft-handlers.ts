import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { localDay } from '../../../shared/rule-language/clerk-date.js';
import { CoreError } from '../../core/core-error.js';
import { evaluationCategoryOf } from '../../core/rule-drafts/evaluation-category-of.js';
import { reviewFilesOf } from '../../core/rule-drafts/review-files-of.js';
import { testDraft } from '../../core/rule-drafts/test-draft.js';
import type { CoreSession } from '../core-session.js';

/** A rule's draft tried on cached files before it is saved: offline, nothing stored or sent. */
export function ruleDraftHandlers(deps: { session: CoreSession }): InvokeHandlers {
  return {
    'rules.testDraft': ({ workspace_id, prompt, category_ids, file_ids }) => {
      const core = deps.session.current();
      const categories = core.catalog.categories(workspace_id);
      const categoryIds = new Map(categories.map((c) => [c.name, c.id]));
      const files = file_ids.flatMap((fileId) => {
        const file = core.getFile(workspace_id, fileId, { withDocument: true });
        if (file === undefined) throw new CoreError('NOT_FOUND', `file ${fileId} is not in the cache of workspace ${workspace_id}`);
        return reviewFilesOf(file, categoryIds);
      });
      const verdicts = testDraft({ prompt, categoryIds: category_ids }, files, { categories: categories.map(evaluationCategoryOf), today: localDay(Date.now()) });
      return { verdicts };
    },
  };
}
