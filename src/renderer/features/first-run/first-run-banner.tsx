import { useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage, isNotAvailable } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { setFilters } from '../documents/documents-store';
import { workspaceStore } from '../workspaces/workspace-store';

/** With no account the app opens on the local engine; a newcomer is offered the generated sample batch. */
export function FirstRunBanner() {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  const state = useLoad(() => invoke('firstRun.state', {}), []);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (activeId === null || state.value === undefined || !state.value.firstRun || state.value.samplesLoaded || loaded !== null) {
    return loaded ? <p className="card" role="status">{t('firstRun.loaded', { batch: loaded })}</p> : null;
  }
  const load = async () => {
    try {
      const { batchNumber } = await invoke('firstRun.loadSamples', { workspace_id: activeId });
      setLoaded(batchNumber);
      setFilters({ batch_number: batchNumber });
    } catch (failure) {
      setError(isNotAvailable(failure) ? t('firstRun.unavailable') : errorMessage(failure));
    }
  };
  return (
    <div className="card first-run" data-testid="first-run">
      <strong>{t('firstRun.title')}</strong>
      <p>{t('firstRun.text')}</p>
      <button type="button" className="primary" onClick={() => void load()}>
        {t('firstRun.load')}
      </button>
      {error ? <p className="tone-bad">{error}</p> : null}
    </div>
  );
}
