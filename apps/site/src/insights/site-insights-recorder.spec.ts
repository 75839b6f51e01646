import type { IncomingMessage } from 'node:http';
import type { InsightEventInput, SiteInsightsStore } from '@docs/sites';
import { ManualClock } from '@docs/platform/testing';
import type { Logger } from 'pino';
import { RecordedEvent, SiteInsightsRecorder } from './site-insights-recorder';

/** A request as node:http hands it over: lower-case headers, the peer's address on the socket. */
function request(headers: Record<string, string>, address = '203.0.113.9'): IncomingMessage {
  return { headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

const FIREFOX = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' };

function pageView(url: string, extra: Partial<RecordedEvent> = {}): RecordedEvent {
  return { type: 'page_view', siteId: 'site1', siteSpaceId: 'sitesp1', spaceId: 'space1', revisionId: 'rev1', pageId: 'page1', claims: null, url: new URL(url), ...extra };
}

describe('SiteInsightsRecorder', () => {
  let written: InsightEventInput[];
  let recorder: SiteInsightsRecorder;

  beforeEach(() => {
    written = [];
    const store = { write: async (events: InsightEventInput[]) => void written.push(...events) } as unknown as SiteInsightsStore;
    recorder = new SiteInsightsRecorder(store, new ManualClock(new Date('2026-11-29T10:00:00Z')), { warn: () => undefined } as unknown as Logger);
  });

  it('holds identical views of one visitor as one event with their count, and another visitor apart', async () => {
    for (let i = 0; i < 3; i++) recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    recorder.record(request(FIREFOX, '198.51.100.4'), pageView('http://docs.test/handbook/install'));
    await recorder.flush();
    expect(written.map((event) => [event.visitor.split('\n')[0], event.count ?? 1])).toEqual([
      ['203.0.113.9', 3],
      ['198.51.100.4', 1],
    ]);
    expect(written[0]).toMatchObject({ type: 'page_view', url: 'http://docs.test/handbook/install', pageId: 'page1', occurredAt: new Date('2026-11-29T10:00:00Z'), userAgent: FIREFOX['user-agent'], referrer: '', language: null });
  });

  it('keeps views apart that differ in page, referrer or a visitor-auth reader\'s claims', async () => {
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/start', { pageId: 'page2' }));
    recorder.record(request({ ...FIREFOX, referer: 'https://news.example/today?id=4' }), pageView('http://docs.test/handbook/install'));
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install', { claims: { team: 'a' } }));
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install', { claims: { team: 'b' } }));
    await recorder.flush();
    expect(written.map((event) => [event.pageId, event.referrer, event.claims, event.count ?? 1])).toEqual([
      ['page1', '', null, 1],
      ['page2', '', null, 1],
      ['page1', 'https://news.example/today', null, 1],
      ['page1', '', { team: 'a' }, 1],
      ['page1', '', { team: 'b' }, 1],
    ]);
  });

  it('never keeps a share key or visitor token of the URL, and takes the first forwarded address and language', async () => {
    recorder.record(request({ ...FIREFOX, 'x-forwarded-for': '192.0.2.1, 10.0.0.1', 'accept-language': 'fr-CH, fr;q=0.9' }), pageView('http://docs.test/handbook/install?share=secret&jwt_token=t&tab=2'));
    await recorder.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ url: 'http://docs.test/handbook/install?tab=2', visitor: `192.0.2.1\n${FIREFOX['user-agent']}`, language: 'fr-CH' });
  });

  it('counts an event kept after a failed write with the identical ones that came meanwhile', async () => {
    let refuse = true;
    const store = {
      write: async (events: InsightEventInput[]) => {
        if (refuse) throw new Error('database away');
        written.push(...events);
      },
    } as unknown as SiteInsightsStore;
    recorder = new SiteInsightsRecorder(store, new ManualClock(), { warn: () => undefined } as unknown as Logger);
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    await recorder.flush();
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    refuse = false;
    await recorder.flush();
    expect(written.map((event) => event.count ?? 1)).toEqual([2]);
  });

  it('leaves events that come during a write for the next flush, counted together: a reader reloading is a row per flush, not per write', async () => {
    const writes: InsightEventInput[][] = [];
    let release!: () => void;
    const store = {
      write: (events: InsightEventInput[]) => {
        writes.push(events);
        return writes.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    } as unknown as SiteInsightsStore;
    recorder = new SiteInsightsRecorder(store, new ManualClock(), { warn: () => undefined } as unknown as Logger);
    recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    const first = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) recorder.record(request(FIREFOX), pageView('http://docs.test/handbook/install'));
    release();
    await first;
    expect(writes.map((batch) => batch.map((event) => event.count ?? 1))).toEqual([[1]]);
    await recorder.flush();
    expect(writes.map((batch) => batch.map((event) => event.count ?? 1))).toEqual([[1], [3]]);
  });
});
