import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash, type Route } from '../../../../src/renderer/features/shell/route';

describe('routes', () => {
  it('reads every screen and goes back to the same address', () => {
    const routes: Route[] = [
      { screen: 'documents' },
      { screen: 'intake' },
      { screen: 'queues' },
      { screen: 'queues', queue: 'invoice_failed' },
      { screen: 'settings' },
      { screen: 'viewer', fileId: '1795309827354000000' },
      { screen: 'viewer', fileId: 'a/b c', queue: 'proofread', page: 2, box: [1, 2, 3, 4, 5, 6, 7, 8] },
    ];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
  });

  it('keeps 19-digit ids as text', () => {
    expect(parseRoute('#/file/1981692246135111700')).toEqual({ screen: 'viewer', fileId: '1981692246135111700' });
  });

  it('goes home for anything unknown and drops bad query values', () => {
    expect(parseRoute('')).toEqual({ screen: 'documents' });
    expect(parseRoute('#/nowhere')).toEqual({ screen: 'documents' });
    expect(parseRoute('#/queues/nope')).toEqual({ screen: 'queues' });
    expect(parseRoute('#/file/9?queue=nope&page=-1&box=1,x')).toEqual({ screen: 'viewer', fileId: '9' });
  });
});
