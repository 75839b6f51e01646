import { AddressPolicy } from './address-policy';

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  it.each([
    '127.0.0.1', '127.1.2.3', '0.0.0.0', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '100.100.100.200', '224.0.0.1', '255.255.255.255', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1',
    'fe80::1', 'fc00::1', 'fd00:ec2::254', '2002:7f00:1::', '64:ff9b::7f00:1', 'ff02::1', '0177.0.0.1', '0x7f.0.0.1', '2130706433',
  ])('refuses %s', (address) => {
    expect(policy.allowsAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(policy.allowsAddress(address)).toBe(true);
  });

  it('refuses what is not an address at all', () => {
    expect(policy.allowsAddress('localhost')).toBe(false);
  });

  it('opens host names, single addresses and CIDR ranges of the allow list', () => {
    const open = new AddressPolicy(['127.0.0.1', 'Docs.Intranet', '10.0.0.0/8', 'fd00::/8', '[::1]']);
    expect(open.allowsAddress('127.0.0.1')).toBe(true);
    expect(open.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(open.allowsAddress('127.0.0.2')).toBe(false);
    expect(open.allowsAddress('10.20.30.40')).toBe(true);
    expect(open.allowsAddress('fd12::1')).toBe(true);
    expect(open.allowsAddress('::1')).toBe(true);
    expect(open.allowsAddress('192.168.0.1')).toBe(false);
    expect(open.allowsHostName('docs.intranet')).toBe(true);
    expect(open.allowsHostName('docs.intranet.')).toBe(true);
    expect(open.allowsHostName('evil.intranet')).toBe(false);
  });
});
