import { describe, expect, it } from 'vitest';
import { placeIn } from '../../../../src/renderer/features/queues/queue-place';

describe('place in a queue', () => {
  it('gives the neighbours of a document', () => {
    expect(placeIn(['a', 'b', 'c'], 'b', undefined)).toEqual({ previous: 'a', next: 'c', position: 2, count: 3 });
    expect(placeIn(['a', 'b', 'c'], 'a', undefined)).toEqual({ previous: undefined, next: 'b', position: 1, count: 3 });
  });

  it('after a document left the queue, its old place holds the next one', () => {
    // "b" was second (index 1) and was marked done.
    expect(placeIn(['a', 'c'], 'b', 1)).toEqual({ previous: 'a', next: 'c', position: undefined, count: 2 });
    expect(placeIn([], 'b', 1)).toEqual({ previous: undefined, next: undefined, position: undefined, count: 0 });
  });
});
