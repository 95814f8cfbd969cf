import type { ReactNode } from 'react';
import { CategoriesScreen } from './features/categories/categories-screen';
import { DocumentsScreen } from './features/documents/documents-screen';
import { DropZone } from './features/intake/drop-zone';
import { IntakeScreen } from './features/intake/intake-screen';
import { InvoicesScreen } from './features/invoices/invoices-screen';
import { QueuesScreen } from './features/queues/queues-screen';
import { ReviewScreen } from './features/review/review-screen';
import { SettingsScreen } from './features/settings/settings-screen';
import { LanguageSwitch } from './features/shell/language-switch';
import { NavBar } from './features/shell/nav-bar';
import type { Route } from './features/shell/route';
import { routeStore } from './features/shell/route-store';
import { StatusBar } from './features/sync/status-bar';
import { SyncScreen } from './features/sync/sync-screen';
import { ViewerScreen } from './features/viewer/viewer-screen';
import { WorkspaceSwitcher } from './features/workspaces/workspace-switcher';
import { WorkspacesScreen } from './features/workspaces/workspaces-screen';
import { useTranslate } from './i18n/use-translate';
import { useStore } from './lib/store';

function screenFor(route: Route): ReactNode {
  switch (route.screen) {
    case 'viewer':
      return <ViewerScreen route={route} />;
    case 'intake':
      return <IntakeScreen />;
    case 'queues':
      return <QueuesScreen queue={route.queue} />;
    case 'invoices':
      return <InvoicesScreen />;
    case 'review':
      return <ReviewScreen />;
    case 'categories':
      return <CategoriesScreen />;
    case 'sync':
      return <SyncScreen />;
    case 'workspaces':
      return <WorkspacesScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'documents':
      return <DocumentsScreen />;
  }
}

/** The app shell: top bar, navigation, the current screen and the status bar; files drop anywhere. */
export function App() {
  const t = useTranslate();
  const { route } = useStore(routeStore);
  return (
    <div className="app">
      <header className="top-bar">
        <span className="brand">{t('app.name')}</span>
        <WorkspaceSwitcher />
        <span className="spacer" />
        <LanguageSwitch />
      </header>
      <NavBar />
      <main className="main" id="main">
        {screenFor(route)}
      </main>
      <StatusBar />
      <DropZone />
    </div>
  );
}
