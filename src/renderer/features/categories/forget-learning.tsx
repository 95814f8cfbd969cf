import { useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';

/** The category editor's "forget what was learned": the engine drops what the clerk's saved documents taught it. */
export function ForgetLearning({ workspaceId, categoryId }: { workspaceId: string; categoryId: string }) {
  const t = useTranslate();
  const [forgotten, setForgotten] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const forget = async () => {
    try {
      const { forgotten_documents } = await invoke('categories.forgetLearning', { workspace_id: workspaceId, category_id: categoryId });
      setForgotten(forgotten_documents);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <div className="block-field">
      <span className="muted">{t('categories.forgetLearningHint')}</span>
      <button type="button" onClick={() => void forget()}>{t('categories.forgetLearning')}</button>
      {forgotten !== null ? <span role="status">{t('categories.forgotLearning', { count: forgotten })}</span> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </div>
  );
}
