import { createTestApp, TestApp } from '@docs/platform/testing';
import { addMember, createOrganization, createUser } from '../../testing';
import { IdentityModule } from '../identity.module';
import { MemberEntity } from '../members/member.entity';
import { OrganizationAccess } from './organization-access';

describe('OrganizationAccess.memberships', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  it("lists the user's active memberships with their roles, across organizations", async () => {
    const a = await createOrganization(t);
    const b = await createOrganization(t);
    const c = await createOrganization(t);
    const user = await createUser(t);
    await addMember(t, a.organization.id, user, 'read');
    await addMember(t, b.organization.id, user, null);
    await addMember(t, c.organization.id, user, 'admin');
    await t.dataSource.getRepository(MemberEntity).update({ organizationId: c.organization.id, userId: user.user.id }, { disabled: true });

    const memberships = await t.get(OrganizationAccess).memberships(user.user.id);
    expect(memberships.sort((x, y) => x.organizationId.localeCompare(y.organizationId))).toEqual(
      [
        { organizationId: a.organization.id, userId: user.user.id, role: 'read' },
        { organizationId: b.organization.id, userId: user.user.id, role: null },
      ].sort((x, y) => x.organizationId.localeCompare(y.organizationId)),
    );
    expect(await t.get(OrganizationAccess).memberships((await createUser(t)).user.id)).toEqual([]);
  });
});
