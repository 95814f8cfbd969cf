import { useMemo } from 'react';
import type { OverlayTarget } from './overlay-boxes';
import { targetKey } from './target-keys';

export interface TargetInputs {
  register(target: OverlayTarget, element: HTMLInputElement | null): void;
  /** Focuses a target's input; one not in the page yet (a long list shows only its rows in view) is revealed, then focused once it is there. */
  focus(target: OverlayTarget): void;
  /** How a list brings a target's input into the page; answers a function that stops. */
  revealWith(reveal: (target: OverlayTarget) => boolean): () => void;
}

/** The inputs of fields and cells by target, so that clicking a box focuses its input. */
export function useTargetInputs(): TargetInputs {
  return useMemo(createTargetInputs, []);
}

/** The same, outside React. */
export function createTargetInputs(): TargetInputs {
  const elements = new Map<string, HTMLInputElement>();
  const revealers = new Set<(target: OverlayTarget) => boolean>();
  /** The target to focus as soon as its input is in the page. */
  let pending: string | undefined;
  const focusOn = (element: HTMLInputElement) => {
    element.focus();
    element.select();
  };
  return {
    register(target, element) {
      const key = targetKey(target);
      if (!element) return void elements.delete(key);
      elements.set(key, element);
      if (key !== pending) return;
      pending = undefined;
      focusOn(element);
    },
    focus(target) {
      const key = targetKey(target);
      const element = elements.get(key);
      pending = undefined;
      if (element) return focusOn(element);
      for (const reveal of revealers) if (reveal(target)) pending = key;
    },
    revealWith(reveal) {
      revealers.add(reveal);
      return () => void revealers.delete(reveal);
    },
  };
}
