// The screen shown, kept in the address's hash so that back/forward and reloads keep the place. Pure.
import { REVIEW_QUEUES } from '../../../shared/ipc/channels/queues';

export type ReviewQueueName = (typeof REVIEW_QUEUES)[number];

export const SCREENS = ['documents', 'intake', 'queues', 'invoices', 'categories', 'review', 'sync', 'workspaces', 'settings'] as const;
export type ScreenName = (typeof SCREENS)[number];

export type Route =
  | { screen: Exclude<ScreenName, 'queues'> }
  | { screen: 'queues'; queue?: ReviewQueueName }
  | {
      screen: 'viewer';
      fileId: string;
      /** Working through a queue: next and previous follow it. */
      queue?: ReviewQueueName;
      /** A box to show (a review anchor): its page index and vertices. */
      page?: number;
      box?: number[];
    };

export const HOME: Route = { screen: 'documents' };

function isQueue(name: string | null | undefined): name is ReviewQueueName {
  return name != null && (REVIEW_QUEUES as readonly string[]).includes(name);
}

function numbers(text: string | null): number[] | undefined {
  if (text === null || text === '') return undefined;
  const values = text.split(',').map(Number);
  return values.every(Number.isFinite) ? values : undefined;
}

/** "#/file/123?queue=proofread&page=1&box=1,2,3,4,5,6,7,8" and the like; anything unknown goes home. */
export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?', 2);
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(search);
  const [first, second] = segments;
  if (first === 'file' && second !== undefined) {
    const queue = query.get('queue');
    const page = Number(query.get('page'));
    const box = numbers(query.get('box'));
    return {
      screen: 'viewer',
      fileId: second,
      ...(isQueue(queue) ? { queue } : {}),
      ...(query.has('page') && Number.isInteger(page) && page >= 0 ? { page } : {}),
      ...(box ? { box } : {}),
    };
  }
  if (first === 'queues') return isQueue(second) ? { screen: 'queues', queue: second } : { screen: 'queues' };
  if (first !== undefined && (SCREENS as readonly string[]).includes(first)) return { screen: first as Exclude<ScreenName, 'queues'> };
  return HOME;
}

export function routeHash(route: Route): string {
  if (route.screen === 'viewer') {
    const query = new URLSearchParams();
    if (route.queue) query.set('queue', route.queue);
    if (route.page !== undefined) query.set('page', String(route.page));
    if (route.box) query.set('box', route.box.join(','));
    const search = query.toString();
    return `#/file/${encodeURIComponent(route.fileId)}${search ? `?${search}` : ''}`;
  }
  if (route.screen === 'queues' && route.queue) return `#/queues/${route.queue}`;
  return `#/${route.screen}`;
}
