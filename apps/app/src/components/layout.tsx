import type { ComponentChildren } from 'preact';
import { api } from '../api/client';
import type { User } from '../api/types';
import { useResource } from '../api/use-resource';
import { AccountMenu } from './account-menu';

/** Every screen's frame: a skip link, the banner (home, account), and the screen itself. */
export function Layout({ children }: { children: ComponentChildren }) {
  const user = useResource('user', () => api.get<User>('/v1/user'));
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="banner">
        <a class="home" href="/">
          Docs
        </a>
        <AccountMenu user={user.data} />
      </header>
      {children}
    </>
  );
}
