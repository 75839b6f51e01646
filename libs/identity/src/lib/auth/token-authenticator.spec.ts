import type { AppConfig, DatabaseNotifications, NotificationEvent, SqlPool } from '@docs/platform';
import { AUTH_CHANGED_CHANNEL, TokenAuthenticator } from './token-authenticator';

/** The authenticator's use of its notifications, with a fake connection and a fake pool. */
describe('TokenAuthenticator', () => {
  const row = { token_id: 'tok', id: 'usr', email: 'u@example.com', display_name: 'U', photo_url: null, created_at: new Date(0) };
  function setUp(tokenCache = true) {
    let listener: ((event: NotificationEvent) => void) | undefined;
    const notifications = { subscribe: jest.fn((channel: string, l: (event: NotificationEvent) => void) => (listener = l)) };
    const first = jest.fn(async () => row);
    const authenticator = new TokenAuthenticator({ first } as unknown as SqlPool, notifications as unknown as DatabaseNotifications, { tokenCache } as AppConfig);
    return { authenticator, first, notifications, emit: (event: NotificationEvent) => listener?.(event) };
  }

  it('remembers tokens only between `connected` and `lost`, and forgets them on every notification', async () => {
    const { authenticator, first, notifications, emit } = setUp();
    expect(notifications.subscribe).not.toHaveBeenCalled(); // from the first request on
    await authenticator.authenticate('value');
    expect(notifications.subscribe).toHaveBeenCalledWith(AUTH_CHANGED_CHANNEL, expect.any(Function));
    await authenticator.authenticate('value');
    expect(first).toHaveBeenCalledTimes(2); // not connected yet: nothing remembered
    emit('connected');
    await authenticator.authenticate('value');
    await authenticator.authenticate('value');
    expect(first).toHaveBeenCalledTimes(3);
    emit('notification');
    await authenticator.authenticate('value');
    expect(first).toHaveBeenCalledTimes(4);
    emit('lost');
    await authenticator.authenticate('value');
    await authenticator.authenticate('value');
    expect(first).toHaveBeenCalledTimes(6);
  });

  it('hands out a caller nobody can change (it is shared by the requests of one token)', async () => {
    const { authenticator, emit } = setUp();
    await authenticator.authenticate('value');
    emit('connected');
    const caller = await authenticator.authenticate('value');
    expect(Object.isFrozen(caller)).toBe(true);
    expect(Object.isFrozen(caller?.user)).toBe(true);
  });

  it('does not listen with TOKEN_CACHE=off', async () => {
    const { authenticator, notifications } = setUp(false);
    await authenticator.authenticate('value');
    expect(notifications.subscribe).not.toHaveBeenCalled();
  });
});
