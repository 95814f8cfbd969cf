import { useEffect } from 'react';
import type { MessageKey } from '../../i18n/messages-en';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { routeHash, type Route, type ScreenName } from './route';
import { navigate, routeStore } from './route-store';

const ENTRIES: readonly { screen: ScreenName; key: MessageKey }[] = [
  { screen: 'documents', key: 'nav.documents' },
  { screen: 'intake', key: 'nav.intake' },
  { screen: 'queues', key: 'nav.queues' },
  { screen: 'invoices', key: 'nav.invoices' },
  { screen: 'review', key: 'nav.review' },
  { screen: 'categories', key: 'nav.categories' },
  { screen: 'sync', key: 'nav.sync' },
  { screen: 'workspaces', key: 'nav.workspaces' },
  { screen: 'settings', key: 'nav.settings' },
];

/** Alt+1..9 open the screens in this order, so every screen is reachable without the mouse. */
export function NavBar() {
  const t = useTranslate();
  const { route } = useStore(routeStore);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const entry = ENTRIES[Number(event.key) - 1];
      if (entry === undefined) return;
      event.preventDefault();
      navigate({ screen: entry.screen } as Route);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const current = route.screen === 'viewer' ? 'documents' : route.screen;
  return (
    <nav className="side-nav" aria-label={t('nav.label')}>
      {ENTRIES.map((entry, index) => (
        <a key={entry.screen} href={routeHash({ screen: entry.screen } as Route)} aria-current={current === entry.screen ? 'page' : undefined} title={`Alt+${index + 1}`} data-testid={`nav-${entry.screen}`}>
          {t(entry.key)}
        </a>
      ))}
    </nav>
  );
}
