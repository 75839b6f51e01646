import { readAddresses } from './invite-addresses';

describe('readAddresses', () => {
  it('reads addresses separated by commas, semicolons, spaces and lines, once each, lower-cased', () => {
    expect(readAddresses(' Ada@Example.com, grace@example.com;\nlinus@example.org  ada@example.com\n\n')).toEqual({
      addresses: ['ada@example.com', 'grace@example.com', 'linus@example.org'],
      invalid: [],
    });
  });

  it('takes the address out of "Name <address>" as a mail client copies it', () => {
    expect(readAddresses('Ada Lovelace <ada@example.com>, "Hopper, Grace" <grace@example.com>')).toEqual({
      addresses: ['ada@example.com', 'grace@example.com'],
      invalid: [],
    });
    expect(readAddresses('Ada <ada@example.com>; Grace <grace@example.com>').addresses).toEqual(['ada@example.com', 'grace@example.com']);
  });

  it('lists what is not an address as written', () => {
    expect(readAddresses('ada@example.com nobody @example.com grace@localhost x@y.z')).toEqual({
      addresses: ['ada@example.com', 'x@y.z'],
      invalid: ['nobody', '@example.com', 'grace@localhost'],
    });
    expect(readAddresses('')).toEqual({ addresses: [], invalid: [] });
  });
});
