import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.urls).toEqual({ api: 'http://localhost:8080', app: 'http://localhost:8080', published: 'http://localhost:8081' });
    expect(config.site).toEqual({ port: 8081, cacheBytes: 64 * 1024 * 1024, freshness: 'notify', insights: true });
    expect(config.embeddedPostgres.dataDir).toMatch(/\.data\/postgres$/);
    expect(config.logLevel).toBe('info');
    expect(config.rateLimitStore).toBe('postgres');
    expect(config.tokenCache).toBe(true);
    expect(config.encryption.key).toBeUndefined();
    expect(config.encryption.keyFile).toMatch(/\.data\/encryption\.key$/);
  });

  it('reads and converts the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      PUBLIC_URL: 'https://docs.example.com/api/',
      APP_URL: 'https://app.example.com',
      DATABASE_URL: 'postgres://u:p@db:5432/docs',
      RUN_MIGRATIONS: 'false',
      RATE_LIMIT_PER_MINUTE: '60',
      RATE_LIMIT_STORE: 'memory',
      BOOTSTRAP_TOKEN: 'a-token-known-in-advance',
      ENCRYPTION_KEY: 'an-encryption-key-of-32-characters!',
    });
    expect(config.port).toBe(3000);
    expect(config.urls).toEqual({ api: 'https://docs.example.com/api', app: 'https://app.example.com', published: 'http://localhost:8081' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/docs');
    expect(config.runMigrations).toBe(false);
    expect(config.rateLimitPerMinute).toBe(60);
    expect(config.rateLimitStore).toBe('memory');
    expect(config.bootstrap.token).toBe('a-token-known-in-advance');
    expect(config.encryption.key).toBe('an-encryption-key-of-32-characters!');
  });

  it('reads the outbound fetch settings and refuses a bad CIDR range', () => {
    expect(loadConfig({}).fetch).toEqual({ allowHosts: [], connectTimeoutMs: 5000, timeoutMs: 30000 });
    expect(loadConfig({}).importMaxBytes).toBe(50 * 1024 * 1024);
    expect(loadConfig({ FETCH_ALLOW_HOSTS: ' 127.0.0.1, docs.intranet ,10.0.0.0/8,' }).fetch.allowHosts).toEqual(['127.0.0.1', 'docs.intranet', '10.0.0.0/8']);
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: '10.0.0.0/99' })).toThrow(/FETCH_ALLOW_HOSTS/);
  });

  it('reads the job intervals, the OpenAPI bounds and the metrics settings', () => {
    const defaults = loadConfig({});
    expect(defaults.openapi).toEqual({ refreshIntervalSeconds: 3600, maxBytes: 10 * 1024 * 1024, maxFiles: 100 });
    expect(defaults.spacePurgeIntervalSeconds).toBe(3600);
    expect(defaults.metrics).toEqual({ token: undefined, apiPort: undefined, workerPort: undefined, host: '127.0.0.1' });
    const set = loadConfig({
      OPENAPI_REFRESH_INTERVAL: '30m',
      SPACE_PURGE_INTERVAL: 'off',
      OPENAPI_MAX_FILES: '7',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
      METRICS_PORT: '9464',
      WORKER_METRICS_PORT: '9465',
      METRICS_HOST: '0.0.0.0',
    });
    expect(set.openapi).toMatchObject({ refreshIntervalSeconds: 1800, maxFiles: 7 });
    expect(set.spacePurgeIntervalSeconds).toBeNull();
    expect(set.metrics).toEqual({ token: 'a-metrics-token-of-some-length', apiPort: 9464, workerPort: 9465, host: '0.0.0.0' });
    expect(loadConfig({ SPACE_PURGE_INTERVAL: '2d', OPENAPI_REFRESH_INTERVAL: '90' }).spacePurgeIntervalSeconds).toBe(172800);
    expect(loadConfig({ OPENAPI_REFRESH_INTERVAL: '90' }).openapi.refreshIntervalSeconds).toBe(90);
    expect(loadConfig({ METRICS_PORT: '', WORKER_METRICS_PORT: '' }).metrics).toMatchObject({ apiPort: undefined, workerPort: undefined });
    for (const [name, value] of [
      ['SPACE_PURGE_INTERVAL', 'hourly'],
      ['SPACE_PURGE_INTERVAL', '10s'],
      ['OPENAPI_REFRESH_INTERVAL', '31d'],
      ['METRICS_TOKEN', 'short'],
      ['WORKER_METRICS_PORT', '70000'],
      ['OPENAPI_MAX_BYTES', '10'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    }
  });

  it('serves the published sites on SITE_PORT, which PUBLISHED_URL defaults to', () => {
    expect(loadConfig({ SITE_PORT: '9000' }).urls.published).toBe('http://localhost:9000');
    expect(loadConfig({ SITE_PORT: '9000', PUBLISHED_URL: 'https://docs.example.com/' }).urls.published).toBe('https://docs.example.com');
    expect(loadConfig({ SITE_CACHE_MB: '8' }).site.cacheBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ SITE_PORT: 'x' })).toThrow(/SITE_PORT/);
    expect(loadConfig({ SITE_FRESHNESS: 'strict' }).site.freshness).toBe('strict');
    expect(() => loadConfig({ SITE_FRESHNESS: 'sometimes' })).toThrow(/SITE_FRESHNESS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', BOOTSTRAP_TOKEN: 'short', ENCRYPTION_KEY: 'too short', RATE_LIMIT_STORE: 'redis', TOKEN_CACHE: 'maybe', LOG_FORMAT: 'fancy' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'BOOTSTRAP_TOKEN', 'ENCRYPTION_KEY', 'RATE_LIMIT_STORE', 'TOKEN_CACHE', 'LOG_FORMAT']) expect(message).toContain(name);
    }
  });

  it('LOG_FORMAT: auto by default, json and pretty on demand', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('turns the token cache off with TOKEN_CACHE=off', () => {
    expect(loadConfig({ TOKEN_CACHE: 'off' }).tokenCache).toBe(false);
    expect(loadConfig({ TOKEN_CACHE: 'on' }).tokenCache).toBe(true);
  });

  it('reads the session lifetimes and the mail settings', () => {
    expect(loadConfig({}).sessions).toEqual({ idleSeconds: 7 * 86400, maxSeconds: 30 * 86400 });
    expect(loadConfig({ SESSION_IDLE: '12h', SESSION_MAX: '14d' }).sessions).toEqual({ idleSeconds: 12 * 3600, maxSeconds: 14 * 86400 });
    expect(() => loadConfig({ SESSION_IDLE: '1m' })).toThrow(/SESSION_IDLE must be between 5 minutes and 365 days/);
    expect(() => loadConfig({ SESSION_MAX: 'forever' })).toThrow(/SESSION_MAX must be a duration/);
    expect(() => loadConfig({ SESSION_IDLE: '40d' })).toThrow(/SESSION_IDLE \(40d\) must not be longer than SESSION_MAX/);

    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Docs <no-reply@localhost>' });
    expect(loadConfig({ APP_URL: 'https://docs.example.com' }).mail.from).toBe('Docs <no-reply@docs.example.com>');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Acme Docs <docs@acme.test>' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'Acme Docs <docs@acme.test>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM must be an address/);
  });
});
