import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Resource<T> {
  data?: T;
  error?: Error;
  loading: boolean;
  reload: () => void;
}

/** What `load` answers, loaded when `key` changes (null: nothing to load), with reload for after a write. */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: key !== null });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: Error) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` and `generation` say when to load again.
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}
