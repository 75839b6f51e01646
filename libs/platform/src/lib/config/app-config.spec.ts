import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.urls).toEqual({ api: 'http://localhost:8080', app: 'http://localhost:8080', published: 'http://localhost:8080' });
    expect(config.embeddedPostgres.dataDir).toMatch(/\.data\/postgres$/);
    expect(config.logLevel).toBe('info');
    expect(config.rateLimitStore).toBe('postgres');
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
    });
    expect(config.port).toBe(3000);
    expect(config.urls).toEqual({ api: 'https://docs.example.com/api', app: 'https://app.example.com', published: 'https://docs.example.com/api' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/docs');
    expect(config.runMigrations).toBe(false);
    expect(config.rateLimitPerMinute).toBe(60);
    expect(config.rateLimitStore).toBe('memory');
    expect(config.bootstrap.token).toBe('a-token-known-in-advance');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the integration secrets key as hex or base64, 32 bytes', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ INTEGRATION_SECRETS_KEY: hex }).integrationSecretsKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ INTEGRATION_SECRETS_KEY: base64 }).integrationSecretsKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).integrationSecretsKey).toBeUndefined();
    expect(() => loadConfig({ INTEGRATION_SECRETS_KEY: 'ab'.repeat(16) })).toThrow(/INTEGRATION_SECRETS_KEY/);
  });

  it('names every invalid variable', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', BOOTSTRAP_TOKEN: 'short', RATE_LIMIT_STORE: 'redis' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'BOOTSTRAP_TOKEN', 'RATE_LIMIT_STORE']) expect(message).toContain(name);
    }
  });
});
