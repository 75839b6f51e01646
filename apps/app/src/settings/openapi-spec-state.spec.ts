import { slugFromSource, slugProblem, specInfo, specStateSummary } from './openapi-spec-state';

describe('slugFromSource', () => {
  it('proposes a slug from a file name', () => {
    expect(slugFromSource('Payments API.v2.yaml')).toBe('payments-api-v2');
    expect(slugFromSource('petstore.json')).toBe('petstore');
    expect(slugFromSource('Café_Menü.YML')).toBe('cafe-menu');
    expect(slugFromSource('---.yaml')).toBe('');
  });

  it('proposes one from a URL: the file, or its folder when the file is only "openapi"', () => {
    expect(slugFromSource('https://x.example/specs/petstore/openapi.json')).toBe('petstore');
    expect(slugFromSource('https://x.example/billing-v3.yaml?token=1')).toBe('billing-v3');
    expect(slugFromSource('http://127.0.0.1:4000/')).toBe('');
  });

  it('keeps within the 100 characters the API allows, without a trailing hyphen', () => {
    const slug = slugFromSource(`${'a'.repeat(99)} b.yaml`);
    expect(slug).toBe('a'.repeat(99));
    expect(slugProblem(slug)).toBeUndefined();
  });
});

describe('slugProblem', () => {
  it("holds a slug to the API's pattern", () => {
    expect(slugProblem('payments-api')).toBeUndefined();
    expect(slugProblem('')).toBe('Slug is required.');
    expect(slugProblem('Payments')).toMatch(/lower-case/);
    expect(slugProblem('a--b')).toMatch(/single hyphens/);
    expect(slugProblem('x'.repeat(101))).toMatch(/at most 100/);
  });
});

describe('specStateSummary', () => {
  it('says where processing stands and whether to look again', () => {
    expect(specStateSummary({ processingState: 'pending' })).toEqual({ text: 'Waiting to be processed', settled: false });
    expect(specStateSummary({ processingState: 'progress' })).toEqual({ text: 'Processing', settled: false });
    expect(specStateSummary({ processingState: 'complete', lastVersion: 'v1' })).toEqual({ text: 'Processed', settled: true });
    expect(specStateSummary({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' })).toEqual({ text: 'Failed (not a valid OpenAPI document)', settled: true });
    expect(specStateSummary({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR', lastVersion: 'v1' }).text).toBe('Failed (could not fetch it); the last good version stays');
  });
});

describe('specInfo', () => {
  it("reads the entry file's info.title and info.version", () => {
    const content = { filesystem: { 'openapi.yaml': { openapi: '3.0.3', info: { title: 'Pets', version: '1.2.0' } }, 'schemas/pet.yaml': { type: 'object' } } };
    expect(specInfo(content)).toEqual({ title: 'Pets', version: '1.2.0', openapi: '3.0.3' });
    expect(specInfo({ filesystem: { 'swagger.json': { swagger: '2.0', info: { title: 'Old', version: 2 } } } })).toEqual({ title: 'Old', version: '2', openapi: '2.0' });
    expect(specInfo(undefined)).toEqual({});
    expect(specInfo({ filesystem: { 'x.yaml': 'not parsed' } })).toEqual({});
  });
});
