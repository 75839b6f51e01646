import { Histogram, Registry } from 'prom-client';
import { REQUEST_BUCKETS, RequestDurationHistogram } from './request-duration-histogram';

describe('RequestDurationHistogram', () => {
  it('exposes exactly what prom-client Histogram would for the same observations', async () => {
    const fast = new RequestDurationHistogram();
    const fastRegistry = new Registry();
    fastRegistry.registerMetric(fast as never);
    const reference = new Histogram({ name: fast.name, help: fast.help, labelNames: ['method', 'route', 'status'], buckets: [...REQUEST_BUCKETS], registers: [] });
    const referenceRegistry = new Registry();
    referenceRegistry.registerMetric(reference);
    const observations: [string, string, number, number][] = [
      ['GET', '/v1/spaces/:spaceId', 200, 0.0004],
      ['GET', '/v1/spaces/:spaceId', 200, 0.001],
      ['GET', '/v1/spaces/:spaceId', 200, 0.0031],
      ['GET', '/v1/spaces/:spaceId', 404, 0.02],
      ['POST', '/v1/orgs/:organizationId/openapi', 201, 0.3],
      ['GET', 'unmatched', 404, 12],
      ['GET', '/v1/spaces/:spaceId', 200, 10],
    ];
    for (const [method, route, status, seconds] of observations) {
      fast.observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await fastRegistry.metrics())).toEqual(lines(await referenceRegistry.metrics()));
    expect(await fastRegistry.metrics()).toContain('http_request_duration_seconds_bucket{le="0.001",method="GET",route="/v1/spaces/:spaceId",status="200"} 2');
  });
});
