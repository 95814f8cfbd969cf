import { useEffect, useState } from 'react';
import type { CheckSuggestion } from '../../../shared/ipc/channels/rule-suggestions';
import { checkLinesOf } from '../../../shared/rule-language/check-lines';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';

// Asked once the clerk pauses typing, not on every key.
const SUGGEST_DELAY_MS = 400;

/** How a suggestion is written into the prompt: one check line per expression. */
export const checkLinesText = (suggestion: CheckSuggestion) => suggestion.checks.map((check) => `check: ${check}`).join('\n');

/**
 * While the prompt has no check line, proposes the check lines the core reads from its prose;
 * the clerk inserts one as it is, inserts it to edit it, or ignores it. No proposal, no note.
 */
export function CheckSuggestionNote({ workspaceId, prompt, categoryIds, onInsert }: { workspaceId: string; prompt: string; categoryIds: readonly string[]; onInsert: (suggestion: CheckSuggestion, edit: boolean) => void }) {
  const t = useTranslate();
  const [suggestion, setSuggestion] = useState<CheckSuggestion | null>(null);
  const [ignored, setIgnored] = useState<string | null>(null);
  const wanted = prompt.trim() !== '' && categoryIds.length > 0 && checkLinesOf(prompt).length === 0;

  useEffect(() => {
    setSuggestion(null);
    if (!wanted) return;
    let current = true;
    const timer = setTimeout(() => {
      // A suggestion is a convenience: when it cannot be had, the editor simply shows none.
      invoke('rules.suggestCheck', { workspace_id: workspaceId, prompt, category_ids: [...categoryIds] }).then(
        (answer) => current && setSuggestion(answer.suggestion),
        () => current && setSuggestion(null),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, workspaceId, prompt, categoryIds.join('\n')]);

  if (suggestion === null || ignored === checkLinesText(suggestion)) return null;
  return (
    <div className="check-suggestion" role="status">
      <span>{t('review.suggestion.title')}</span>
      <pre>{checkLinesText(suggestion)}</pre>
      <div className="button-row">
        <button type="button" onClick={() => onInsert(suggestion, false)}>{t('review.suggestion.insert')}</button>
        <button type="button" onClick={() => onInsert(suggestion, true)}>{t('review.suggestion.edit')}</button>
        <button type="button" className="link" onClick={() => setIgnored(checkLinesText(suggestion))}>{t('review.suggestion.ignore')}</button>
      </div>
      <p className="muted">{t('review.suggestion.help')}</p>
    </div>
  );
}
