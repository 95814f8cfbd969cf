import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES, type RouteName } from '../../../../../src/shared/api/index.js';
import type { Caller } from '../../../../../src/main/core/api/call-types.js';
import { createResources } from '../../../../../src/main/core/api/resources.js';
import { routeMethodMap } from '../../../../../src/main/core/api/route-method-map.js';

/** A resource tree whose `call` only records the route it was asked for. */
function recordingTree() {
  const calls: RouteName[] = [];
  const call = (async (name: RouteName) => {
    calls.push(name);
    return undefined;
  }) as Caller;
  return { client: createResources(call), calls };
}

function methodAt(root: object, dotted: string): (...args: unknown[]) => Promise<unknown> {
  const owner = dotted.split('.').slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, root as Record<string, unknown>);
  const method = owner[dotted.split('.').at(-1)!];
  if (typeof method !== 'function') throw new Error(`${dotted} is not a method`);
  return (...args) => method.apply(owner, args) as Promise<unknown>;
}

// Serves as every argument shape at once: a file path list, a parts object with sampleFiles, options.
const anyArgument = Object.assign([] as string[], { sampleFiles: [] as string[] });

describe('routeMethodMap', () => {
  it('names one client method for each route of the table (the engine extras included), none twice', () => {
    expect(Object.keys(routeMethodMap).sort()).toEqual([...ROUTE_NAMES].sort());
    expect(new Set(Object.values(routeMethodMap)).size).toBe(ROUTE_NAMES.length);
  });

  it.each(ROUTE_NAMES)('%s: the mapped method calls exactly that route', async (route) => {
    const { client, calls } = recordingTree();
    await methodAt({ client }, routeMethodMap[route])(anyArgument, anyArgument, anyArgument);
    expect(calls).toEqual([route]);
  });
});
