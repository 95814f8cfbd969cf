import { describe, expect, it } from 'vitest';
import { TypedEmitter } from '../../../../../src/main/core/typed-emitter.js';

describe('the typed emitter', () => {
  it('calls every listener, reports one that throws, and removes listeners', () => {
    const reported: unknown[] = [];
    const events = new TypedEmitter<{ tick: number }>((error) => reported.push(error));
    const heard: number[] = [];
    events.on('tick', () => {
      throw new Error('listener bug');
    });
    const off = events.on('tick', (n) => heard.push(n));
    events.emit('tick', 1);
    off();
    events.emit('tick', 2);
    expect(heard).toEqual([1]);
    expect(reported).toHaveLength(2);
  });
});
