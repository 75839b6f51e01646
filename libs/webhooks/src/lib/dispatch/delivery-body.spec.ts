import { deliveryPayload } from './delivery-body';

describe('delivery payloads', () => {
  const content = { eventId: 'e1', type: 'space_content_updated', organizationId: 'o', sequence: 3, spaceId: 's', revisionId: 'r' };
  const installed = { eventId: 'e2', type: 'installation_setup', organizationId: 'o', sequence: 4, installationId: 'inst-1', integrationId: 'x', status: 'active' };
  const extension = { eventId: 'e3', type: 'space_created', organizationId: 'o', sequence: 5, spaceId: 's', parentId: null };

  it('gives an installation its own id', () => {
    expect(deliveryPayload(content, { kind: 'integration', subscriptionId: 'sub', installationId: 'inst-9' })).toEqual({ ...content, installationId: 'inst-9' });
    expect(deliveryPayload(installed, { kind: 'integration', subscriptionId: 'sub', installationId: 'inst-1' })).toEqual(installed);
  });

  it("gives a webhook its id, as installationId too where the reference requires one the event lacks", () => {
    const recipient = { kind: 'webhook' as const, subscriptionId: 'wh', installationId: null };
    expect(deliveryPayload(content, recipient)).toEqual({ ...content, installationId: 'wh', webhookId: 'wh' });
    expect(deliveryPayload(installed, recipient)).toEqual({ ...installed, webhookId: 'wh' });
    expect(deliveryPayload(extension, recipient)).toEqual({ ...extension, webhookId: 'wh' });
  });
});
