/** @jest-environment jsdom */
import { render } from 'preact';
import type { ComponentType } from 'preact';
import { lazyComponent } from './lazy-component';

/** Waits until `check` holds, polling (Preact runs effects after the next frame, or 100 ms without one). */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('never so');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('lazyComponent', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });

  it('shows the component when its code arrives between the first render and its effect (a preload, code in the cache)', async () => {
    let arrive!: (component: ComponentType<{ name: string }>) => void;
    const Lazy = lazyComponent<{ name: string }>(() => new Promise((resolve) => (arrive = resolve)), 'Loading…');
    Lazy.preload();
    render(<Lazy name="Plan" />, root);
    expect(root.textContent).toBe('Loading…');
    // Before Preact runs the component's effect.
    arrive(({ name }) => <p>Editing {name}</p>);
    await until(() => root.textContent === 'Editing Plan');
  });

  it('says so when the code cannot be loaded, and loads it the next time it is shown', async () => {
    let attempts = 0;
    const Lazy = lazyComponent<{ name: string }>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('net::ERR_FAILED');
      return ({ name }) => <p>Editing {name}</p>;
    }, 'Loading…');
    render(<Lazy name="Plan" />, root);
    await until(() => root.textContent?.includes('could not be loaded (net::ERR_FAILED)') === true);
    render(null, root);
    render(<Lazy name="Plan" />, root);
    await until(() => root.textContent === 'Editing Plan');
    expect(attempts).toBe(2);
  });

  it('renders at once a component whose code is already there', async () => {
    const Lazy = lazyComponent<{ name: string }>(async () => ({ name }) => <p>Editing {name}</p>, 'Loading…');
    render(<Lazy name="Plan" />, root);
    await until(() => root.textContent === 'Editing Plan');
    render(null, root);
    render(<Lazy name="Notes" />, root);
    expect(root.textContent).toBe('Editing Notes');
  });
});
