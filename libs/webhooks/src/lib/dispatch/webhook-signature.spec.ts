import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateSecret, isAcceptableSecret, signDelivery } from './webhook-signature';

describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({ eventId: 'evt_1', type: 'space_created', spaceId: 'abc', title: 'Café ☕' });

  it('verify with the standardwebhooks package, including the body bytes and the id', () => {
    const secret = generateSecret();
    const headers = signDelivery([secret], 'evt_1', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('abc', 'abd'), { ...headers })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(generateSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  it('refuses a replay outside the 5 minute window', () => {
    const secret = generateSecret();
    const headers = signDelivery([secret], 'evt_1', new Date(Date.now() - 6 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow('Message timestamp too old');
  });

  it('signs with every secret in use, so both the old and the new one verify during a rotation', () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const headers = signDelivery([current, previous], 'evt_1', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeTruthy();
  });

  it('accepts only whsec_ secrets of 24 bytes or more', () => {
    expect(isAcceptableSecret(generateSecret())).toBe(true);
    expect(isAcceptableSecret('whsec_' + Buffer.alloc(24, 7).toString('base64'))).toBe(true);
    expect(isAcceptableSecret('whsec_' + Buffer.alloc(16, 7).toString('base64'))).toBe(false);
    expect(isAcceptableSecret(Buffer.alloc(32, 7).toString('base64'))).toBe(false);
    expect(isAcceptableSecret('whsec_not base64!')).toBe(false);
  });
});
