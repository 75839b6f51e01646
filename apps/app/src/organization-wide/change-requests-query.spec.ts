import { changeRequestsQuery } from './change-requests-query';

describe('changeRequestsQuery', () => {
  it('writes the filters given, encoded, and leaves the others out', () => {
    expect(changeRequestsQuery({ status: 'open', limit: 50 })).toBe('status=open&limit=50');
    expect(changeRequestsQuery({ status: 'merged', creator: 'u1', limit: 50, page: 'a+b/c=' })).toBe('status=merged&limit=50&creator=u1&page=a%2Bb%2Fc%3D');
  });
});
