import { useEffect, useRef, useState } from 'preact/hooks';
import type { User } from '../api/types';

/**
 * "Account": a button that opens a menu with the person's address, their API tokens and the
 * sign-out forms (plain form posts: they work whatever the state of the page). Escape, or focus leaving the menu,
 * closes it; Escape gives the focus back to the button.
 */
export function AccountMenu({ user }: { user?: User }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <div class="account">
      <button ref={button} type="button" aria-haspopup="true" aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen(!open)}>
        Account
      </button>
      <div
        id="account-menu"
        ref={menu}
        role="group"
        aria-label="Account"
        hidden={!open}
        onKeyDown={(event) => event.key === 'Escape' && close(true)}
        onFocusOut={(event) => !menu.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button.current && close(false)}
      >
        {user && <p class="account-email">{user.email}</p>}
        <a href="/account/tokens" onClick={() => setOpen(false)}>
          API tokens
        </a>
        <form method="post" action="/auth/sign-out">
          <button type="submit">Sign out</button>
        </form>
        <form method="post" action="/auth/sign-out-everywhere">
          <button type="submit">Sign out everywhere</button>
        </form>
      </div>
    </div>
  );
}
