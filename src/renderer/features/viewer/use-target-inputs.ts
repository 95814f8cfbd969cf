import { useMemo } from 'react';
import type { TargetInputs } from './field-panel';
import { targetKey } from './target-keys';

/** The inputs of fields and cells by target, so that clicking a box focuses its input. */
export function useTargetInputs(): TargetInputs {
  return useMemo(() => {
    const elements = new Map<string, HTMLInputElement>();
    return {
      register(target, element) {
        if (element) elements.set(targetKey(target), element);
        else elements.delete(targetKey(target));
      },
      focus(target) {
        const element = elements.get(targetKey(target));
        element?.focus();
        element?.select();
      },
    };
  }, []);
}
