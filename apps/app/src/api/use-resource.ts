import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Resource<T> {
  data?: T;
  error?: Error;
  loading: boolean;
  /** Loads again; resolves once the new data (or error) is in the state. */
  reload: () => Promise<void>;
}

/** What `load` answers, loaded when `key` changes (null: nothing to load), with reload for after a write. */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: key !== null });
  const [generation, setGeneration] = useState(0);
  // Who waits for the load under way (reload's promises).
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    const settle = (next: { data?: T; error?: Error; loading: boolean }) => {
      if (!current) return;
      setState(next);
      for (const resolve of waiting.current.splice(0)) resolve();
    };
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => settle({ data, loading: false }),
      (error: Error) => settle({ error, loading: false }),
    );
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` and `generation` say when to load again.
  }, [key, generation]);
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setGeneration((n) => n + 1);
      }),
    [],
  );
  return { ...state, reload };
}
