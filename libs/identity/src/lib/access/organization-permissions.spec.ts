import { organizationPermissions } from './organization-permissions';

describe('organizationPermissions', () => {
  it('gives admins everything', () => {
    const p = organizationPermissions('admin', false);
    expect(Object.entries(p).filter(([key, value]) => key !== 'ownTeam' && !value)).toEqual([]);
  });

  it('lets creators create content but not administer', () => {
    expect(organizationPermissions('create', false)).toMatchObject({ admin: false, createContent: true, createOpenAPISpec: true, viewBilling: false });
  });

  it.each(['review', 'edit', 'comment', 'read'] as const)('lets %s list but not create', (role) => {
    expect(organizationPermissions(role, false)).toMatchObject({ view: true, admin: false, createContent: false, listMembers: true, listTeams: true });
  });

  it('lets guests see the organization and nothing in it', () => {
    expect(organizationPermissions(null, false)).toMatchObject({ view: true, admin: false, createContent: false, listMembers: false, listTeams: false, listIntegrations: false });
  });

  it('reports team ownership as given', () => {
    expect(organizationPermissions('read', true).ownTeam).toBe(true);
  });
});
