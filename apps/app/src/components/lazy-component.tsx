import type { ComponentType, JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export interface LazyComponent<P> {
  (props: P): JSX.Element | null;
  /** Starts loading its code now, say beside a screen's first requests (once; a failure shows where it renders). */
  preload(): void;
}

/**
 * A component whose code is a chunk of its own (Vite splits at the dynamic import in `load`),
 * fetched the first time it renders or on `preload()`; meanwhile the status `loading` says. A
 * failed load (a network error, or files replaced by a newer build) says so; it is tried again the
 * next time the component is shown.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>, loading: string): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: Error) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = (props: P) => {
    const [, setReady] = useState(false);
    const [error, setError] = useState<Error>();
    // Whether this render showed the component: the code may arrive (a preload, the browser's
    // cache) after a render that showed the loading status and before the effect below runs,
    // which then has to render again or the status stays for good.
    const shown = useRef(false);
    shown.current = loaded !== undefined;
    useEffect(() => {
      if (loaded) {
        if (!shown.current) setReady(true);
        return;
      }
      let current = true;
      loadOnce().then(
        () => current && setReady(true),
        (failure: Error) => current && setError(failure),
      );
      return () => {
        current = false;
      };
    }, []);
    if (loaded) {
      const Component = loaded as ComponentType<any>;
      return <Component {...props} />;
    }
    if (error) {
      return (
        <p role="alert" class="error">
          This part of the app could not be loaded ({error.message}): reload the page to try again.
        </p>
      );
    }
    return <p role="status">{loading}</p>;
  };
  Lazy.preload = () => void loadOnce().catch(() => undefined);
  return Lazy;
}
