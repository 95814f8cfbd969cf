import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './errors';

export interface Loaded<T> {
  value: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `deps`; an answer that arrives after the deps changed is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ value: T | undefined; error: string | null; loading: boolean }>({ value: undefined, error: null, loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    latest.current().then(
      (value) => current && setState({ value, error: null, loading: false }),
      (error: unknown) => current && setState((s) => ({ value: s.value, error: errorMessage(error), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
