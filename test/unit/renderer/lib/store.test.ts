import { describe, expect, it } from 'vitest';
import { createStore, shallowEqual } from '../../../../src/renderer/lib/store';

describe('feature stores', () => {
  it('merges patches and tells listeners after each change', () => {
    const store = createStore({ a: 1, b: 'x' });
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.get().a));
    store.set({ a: 2 });
    store.set((s) => ({ a: s.a + 1 }));
    stop();
    store.set({ a: 10 });
    expect(seen).toEqual([2, 3]);
    expect(store.get()).toEqual({ a: 10, b: 'x' });
  });

  it('compares slices shallowly', () => {
    const list = [1];
    expect(shallowEqual({ a: list, b: 1 }, { a: list, b: 1 })).toBe(true);
    expect(shallowEqual({ a: [1] }, { a: [1] })).toBe(false);
    expect(shallowEqual([1, 2], [1, 2])).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(shallowEqual(null, {})).toBe(false);
  });
});
