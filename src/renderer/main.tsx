import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startCategories } from './features/categories/categories-store';
import { startDocuments } from './features/documents/documents-store';
import { startIntake } from './features/intake/intake-store';
import { startSyncStatus } from './features/sync/sync-store';
import { startWorkspaces } from './features/workspaces/workspace-store';
import { startLanguage } from './i18n/use-translate';
import './styles/app.css';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

// Each feature starts listening to the core before the first render; none waits for another.
startSyncStatus();
void startLanguage().catch(() => undefined);
void startWorkspaces();
startDocuments();
startCategories();
startIntake();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
