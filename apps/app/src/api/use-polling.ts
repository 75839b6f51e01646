import { useEffect } from 'preact/hooks';

/** While `active`, calls `tick` every `intervalMs` (a list whose items are still on their way: deliveries, runs). */
export function usePolling(active: boolean, tick: () => void, intervalMs = 1000): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
