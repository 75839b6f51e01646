import { ConflictException } from '@nestjs/common';
import { assertSpaceEditable } from './space-editable';

describe('assertSpaceEditable', () => {
  it('lets a live space change', () => {
    expect(() => assertSpaceEditable({ id: 's1', editMode: 'live' })).not.toThrow();
  });

  it('refuses to change a locked space with a 409 that says how to unlock it', () => {
    let error: unknown;
    try {
      assertSpaceEditable({ id: 's1', editMode: 'locked' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConflictException);
    expect((error as ConflictException).getStatus()).toBe(409);
    expect((error as ConflictException).message).toContain('Space s1 is locked');
    expect((error as ConflictException).message).toContain('"editMode": "live"');
  });
});
