import { useEffect, useState } from 'react';
import type { DraftVerdict } from '../../../shared/ipc/channels/rule-drafts';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { documentsStore, selectedRows } from '../documents/documents-store';

const VERDICT_KEY = { pass: 'review.testPassed', failure: 'review.testFailed', error: 'review.draftTest.error', not_triggered: 'review.draftTest.notTriggered' } as const;

/**
 * Tries the prompt as written on the documents selected in the list, before it is saved: the core
 * evaluates it with the engine's evaluator on the cached files, offline. A changed draft clears the verdicts.
 */
export function DraftTest({ workspaceId, prompt, categoryIds }: { workspaceId: string; prompt: string; categoryIds: readonly string[] }) {
  const t = useTranslate();
  const selection = useStore(documentsStore, (s) => s.selection.size);
  const [verdicts, setVerdicts] = useState<DraftVerdict[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setVerdicts([]);
    setError(null);
  }, [prompt, categoryIds.join('\n')]);

  const test = async () => {
    try {
      const answer = await invoke('rules.testDraft', { workspace_id: workspaceId, prompt, category_ids: [...categoryIds], file_ids: selectedRows().map((row) => row.file_id) });
      setVerdicts(answer.verdicts);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <div className="draft-test">
      <button type="button" disabled={selection === 0 || prompt.trim() === ''} title={t('review.draftTest.help')} onClick={() => void test()}>
        {t('review.draftTest.run', { count: selection })}
      </button>
      {error ? <p className="muted">{error}</p> : null}
      {verdicts.length > 0 ? (
        <ul role="status">
          {verdicts.map((v) => (
            <li key={v.file_id}>
              <strong>{v.name}</strong> {t(VERDICT_KEY[v.verdict])} <span className="muted">{v.reasoning}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
