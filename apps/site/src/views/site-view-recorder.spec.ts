import type { IncomingMessage } from 'node:http';
import type { DomainEvent, EventOutbox } from '@docs/platform';
import type { SiteViewSubscribers } from '@docs/webhooks';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { PageView, SiteViewRecorder } from './site-view-recorder';

const request = { headers: { 'user-agent': 'Mozilla/5.0 Firefox/120.0' }, socket: { remoteAddress: '203.0.113.9' } } as unknown as IncomingMessage;
const view = (url: string): PageView => ({ organizationId: 'org1', siteId: 'site1', siteSpaceId: 'sitesp1', spaceId: 'space1', pageId: 'page1', url: new URL(url) });

/** The batches of `site_view` events as the outbox receives them; the first write waits for `release`. */
function recorderWithSlowFirstWrite() {
  const batches: DomainEvent[][] = [];
  let release!: () => void;
  const outbox = {
    emit: (_tx: unknown, batch: DomainEvent[]) => {
      batches.push(batch);
      return batches.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    },
  } as unknown as EventOutbox;
  const dataSource = { transaction: (work: (tx: unknown) => Promise<void>) => work({}) } as unknown as DataSource;
  const subscribers = { wants: () => true } as unknown as SiteViewSubscribers;
  const recorder = new SiteViewRecorder(dataSource, outbox, subscribers, { warn: () => undefined } as unknown as Logger);
  return { recorder, batches, release: () => release() };
}

describe('SiteViewRecorder', () => {
  it('leaves views that come during a write for the next flush (one batch a flush, not one a view)', async () => {
    const { recorder, batches, release } = recorderWithSlowFirstWrite();
    recorder.record(request, view('http://docs.test/handbook/install'));
    const first = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) recorder.record(request, view(`http://docs.test/handbook/page-${i}`));
    release();
    await first;
    expect(batches.map((batch) => batch.length)).toEqual([1]);
    await recorder.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1, 3]);
    expect(batches[1].map((event) => (event.payload as { url: string }).url)).toEqual([0, 1, 2].map((i) => `http://docs.test/handbook/page-${i}`));
  });

  it('makes flushes asked for while a write waits one write', async () => {
    const { recorder, batches, release } = recorderWithSlowFirstWrite();
    recorder.record(request, view('http://docs.test/handbook/install'));
    const first = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    recorder.record(request, view('http://docs.test/handbook/start'));
    const second = recorder.flush();
    expect(recorder.flush()).toBe(second);
    release();
    await Promise.all([first, second]);
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('never keeps a share key or visitor token of the URL', async () => {
    const { recorder, batches, release } = recorderWithSlowFirstWrite();
    recorder.record(request, view('http://docs.test/handbook/install?share=secret&jwt_token=t&tab=2'));
    const written = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await written;
    expect(batches[0].map((event) => (event.payload as { url: string }).url)).toEqual(['http://docs.test/handbook/install?tab=2']);
  });
});
