import { MEMBER_ROLES, MemberRole, MemberRoleOrGuest } from '@docs/identity';
import {
  capBelow,
  capsOfTree,
  collectionPermissions,
  contentLevel,
  contentLevelFor,
  DefaultLevel,
  effectiveCap,
  spacePermissions,
} from './content-permissions';

describe('content permission model', () => {
  describe('effectiveCap', () => {
    it('is the organization (no cap) when every level up to the top inherits', () => {
      expect(effectiveCap([])).toBe('organization');
      expect(effectiveCap(['inherit'])).toBe('organization');
      expect(effectiveCap(['inherit', 'inherit', 'inherit'])).toBe('organization');
    });

    it('is decided by the first level that does not inherit', () => {
      expect(effectiveCap(['edit', 'read'])).toBe('edit');
      expect(effectiveCap(['inherit', 'comment', 'admin'])).toBe('comment');
      expect(effectiveCap(['inherit', 'inherit', 'review'])).toBe('review');
      expect(effectiveCap(['read', null])).toBe('read');
    });

    it('is none when the first deciding level is null', () => {
      expect(effectiveCap([null])).toBe('none');
      expect(effectiveCap(['inherit', null, 'admin'])).toBe('none');
    });

    it('agrees with capBelow applied from the top down', () => {
      const chains: DefaultLevel[][] = [[], ['inherit'], [null], ['read', 'inherit'], ['inherit', 'edit', null], ['inherit', 'inherit', null]];
      for (const chain of chains) {
        const topDown = [...chain].reverse().reduce((cap, level) => capBelow(level, cap), effectiveCap([]));
        expect(topDown).toBe(effectiveCap(chain));
      }
    });
  });

  describe('contentLevel', () => {
    it('makes organization admins admin everywhere, whatever the caps', () => {
      for (const cap of ['organization', 'none', ...MEMBER_ROLES] as const) expect(contentLevel('admin', cap)).toBe('admin');
    });

    it('gives guests and non-members nothing', () => {
      for (const cap of ['organization', 'none', ...MEMBER_ROLES] as const) {
        expect(contentLevel(null, cap)).toBeNull();
        expect(contentLevel(undefined, cap)).toBeNull();
      }
    });

    it.each(['create', 'review', 'edit', 'comment', 'read'] as const)('gives %s its own role without a cap', (role) => {
      expect(contentLevel(role, 'organization')).toBe(role);
    });

    it('lowers a role to the cap, never raises it', () => {
      expect(contentLevel('create', 'read')).toBe('read');
      expect(contentLevel('edit', 'comment')).toBe('comment');
      expect(contentLevel('read', 'edit')).toBe('read');
      expect(contentLevel('review', 'admin')).toBe('review');
      expect(contentLevel('comment', 'comment')).toBe('comment');
    });

    it('shuts every non-admin member out when the cap is none', () => {
      for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) expect(contentLevel(role, 'none')).toBeNull();
    });

    it('the whole table: role x chain', () => {
      const roles: MemberRoleOrGuest[] = ['admin', 'create', 'review', 'edit', 'comment', 'read', null];
      const cases: [DefaultLevel[], (MemberRole | null)[]][] = [
        // chain (object first)       admin    create    review    edit      comment    read    guest
        [['inherit'], ['admin', 'create', 'review', 'edit', 'comment', 'read', null]],
        [['review'], ['admin', 'review', 'review', 'edit', 'comment', 'read', null]],
        [['inherit', 'edit'], ['admin', 'edit', 'edit', 'edit', 'comment', 'read', null]],
        [['inherit', 'inherit', 'read'], ['admin', 'read', 'read', 'read', 'read', 'read', null]],
        [[null], ['admin', null, null, null, null, null, null]],
        [['inherit', null], ['admin', null, null, null, null, null, null]],
        [['comment', null], ['admin', 'comment', 'comment', 'comment', 'comment', 'read', null]],
      ];
      for (const [chain, expected] of cases) {
        expect(roles.map((role) => contentLevelFor(role, chain))).toEqual(expected);
      }
    });
  });

  describe('spacePermissions', () => {
    const live = { locked: false };

    it('maps each level to what it allows', () => {
      const table = (['admin', 'create', 'review', 'edit', 'comment', 'read', null] as const).map((level) => {
        const p = spacePermissions(level, live);
        return [level, p.view, p.access, p.comment, p.edit, p.triggerGitSync, p.review, p.merge, p.admin, p.viewInviteLinks, p.installIntegration];
      });
      expect(table).toEqual([
        // level    view   access comment edit   gitSync review merge  admin  invites install
        ['admin', true, true, true, true, true, true, true, true, true, true],
        ['create', true, true, true, true, true, true, true, false, false, false],
        ['review', true, true, true, true, true, true, true, false, false, false],
        ['edit', true, true, true, true, true, false, false, false, false, false],
        ['comment', true, true, true, false, false, false, false, false, false, false],
        ['read', true, true, false, false, false, false, false, false, false, false],
        [null, false, false, false, false, false, false, false, false, false, false],
      ]);
    });

    it('reports no Git Sync on a locked space, even to admins; editing and merging through change requests stay', () => {
      const p = spacePermissions('admin', { locked: true });
      expect(p).toMatchObject({ view: true, admin: true, edit: true, merge: true, triggerGitSync: false, comment: true, review: true });
    });
  });

  describe('collectionPermissions', () => {
    it('maps each level to what it allows', () => {
      expect(collectionPermissions('admin')).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
      expect(collectionPermissions('create')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
      for (const level of ['review', 'edit', 'comment', 'read'] as const) {
        expect(collectionPermissions(level)).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
      }
      expect(collectionPermissions(null)).toEqual({ view: false, admin: false, viewInviteLinks: false, create: false });
    });
  });
});

describe('capsOfTree', () => {
  it('resolves every collection of a tree like effectiveCap does on its chain', () => {
    const tree = [
      { id: 'top', parentId: null, defaultLevel: 'comment' as const },
      { id: 'mid', parentId: 'top', defaultLevel: 'inherit' as const },
      { id: 'leaf', parentId: 'mid', defaultLevel: 'inherit' as const },
      { id: 'shut', parentId: 'top', defaultLevel: null },
      { id: 'under-shut', parentId: 'shut', defaultLevel: 'inherit' as const },
      { id: 'open-under-shut', parentId: 'shut', defaultLevel: 'edit' as const },
      { id: 'free', parentId: null, defaultLevel: 'inherit' as const },
      { id: 'free-child', parentId: 'free', defaultLevel: 'inherit' as const },
    ];
    // Children listed before parents must not matter.
    const caps = capsOfTree([...tree].reverse());
    expect(Object.fromEntries(caps)).toEqual({
      top: 'comment',
      mid: 'comment',
      leaf: 'comment',
      shut: 'none',
      'under-shut': 'none',
      'open-under-shut': 'edit',
      free: 'organization',
      'free-child': 'organization',
    });
    expect(caps.get('leaf')).toBe(effectiveCap(['inherit', 'inherit', 'comment']));
  });
});
