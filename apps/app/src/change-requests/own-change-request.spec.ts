import { newestChangeRequest } from './own-change-request';

describe('newestChangeRequest', () => {
  it('takes the most recently created, whatever the order of the lists', () => {
    const draft = { id: 'a', createdAt: '2026-11-02T10:00:00.000Z' };
    const open = { id: 'b', createdAt: '2026-11-03T09:00:00.000Z' };
    const older = { id: 'c', createdAt: '2026-10-30T23:59:59.999Z' };
    expect(newestChangeRequest([draft, open, older])?.id).toBe('b');
    expect(newestChangeRequest([open, draft])?.id).toBe('b');
  });

  it('has none to take from no change request', () => {
    expect(newestChangeRequest([])).toBeUndefined();
  });
});
