import { useCallback, useState } from 'preact/hooks';

export interface ActionState {
  busy: boolean;
  /** What the last action did, announced politely ("Published."). */
  message?: string;
  /** Why the last action failed, announced as an alert. */
  error?: string;
}

/**
 * Buttons that write (Publish, Revoke, Move up...): one at a time, their outcome announced in
 * one place. `run` answers whether the action succeeded.
 */
export function useAction(): { state: ActionState; run: (action: () => Promise<unknown>, done: string) => Promise<boolean> } {
  const [state, setState] = useState<ActionState>({ busy: false });
  const run = useCallback(async (action: () => Promise<unknown>, done: string) => {
    setState({ busy: true });
    try {
      await action();
      setState({ busy: false, message: done });
      return true;
    } catch (failure) {
      setState({ busy: false, error: (failure as Error).message });
      return false;
    }
  }, []);
  return { state, run };
}

/** Where an action's outcome shows: a polite status line, or an alert when it failed. */
export function ActionStatus({ state }: { state: ActionState }) {
  return (
    <>
      <p role="status" class="action-status">
        {state.message ?? ''}
      </p>
      {state.error && (
        <p role="alert" class="error">
          {state.error}
        </p>
      )}
    </>
  );
}
