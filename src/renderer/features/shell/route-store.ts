import { createStore } from '../../lib/store';
import { parseRoute, routeHash, type Route } from './route';

export const routeStore = createStore<{ route: Route }>({ route: parseRoute(location.hash) });

window.addEventListener('hashchange', () => routeStore.set({ route: parseRoute(location.hash) }));

export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const hash = routeHash(route);
  if (options.replace) history.replaceState(null, '', hash);
  else if (location.hash !== hash) location.hash = hash;
  routeStore.set({ route: parseRoute(hash) });
}
