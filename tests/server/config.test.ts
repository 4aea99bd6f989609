import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, loadConfig } from '../../server/config';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.distDir).toBe('/srv/app/dist');
    expect(c.examplesDir).toBe('/srv/app/examples');
    expect(c.encryptionKey).toBeNull();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.allowedOrigins).toEqual(['http://localhost:8080']);
    expect(c.allowLocalOrigins).toBe(true);
    expect(c.smtpUrl).toBeNull();
    expect(c.helpEmail).toBe('help@benefold.example');
    expect(c.retentionDays).toBe(7);
    expect(c.analyticsId).toBeNull();
    expect(c.rateLimits.caseStudy).toEqual({ max: DEFAULTS.caseStudyPerMinute, timeWindowMs: 60_000 });
    expect(c.rateLimits.mailingList).toEqual({ max: DEFAULTS.mailingListPerMinute, timeWindowMs: 60_000 });
    expect(c.trustProxy).toBe(false);
    expect(c.logRequests).toBe(false);
  });

  it('takes HELP_EMAIL as one address and refuses anything else in one sentence', () => {
    expect(loadConfig({ HELP_EMAIL: 'team@broker.example' }, '/x').helpEmail).toBe('team@broker.example');
    expect(() => loadConfig({ HELP_EMAIL: 'a@b.example, c@d.example' }, '/x')).toThrow(/^HELP_EMAIL is not one e-mail address/);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '3000' }, '/x').publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://www.benefold.example/' }, '/x').publicUrl).toBe('https://www.benefold.example');
    expect(loadConfig({ PUBLIC_URL: 'https://benefold.example/web/' }, '/x').publicUrl).toBe('https://benefold.example/web');
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/benefold',
        DIST_DIR: 'build',
        EXAMPLES_DIR: '/opt/examples',
        ENCRYPTION_KEY: KEY,
        PUBLIC_URL: 'https://benefold.example',
        ALLOWED_ORIGINS: ' https://partner.example , https://portal.example:8443/ ,,https://partner.example',
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        RETENTION_DAYS: '30',
        ANALYTICS_ID: 'G-TEST',
        RATE_LIMIT_CASE_STUDY: '3',
        RATE_LIMIT_MAILING_LIST: '4',
        RATE_LIMIT_WINDOW_MS: '5000',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        LOG_REQUESTS: '1',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/benefold',
      distDir: '/srv/app/build',
      examplesDir: '/opt/examples',
      publicUrl: 'https://benefold.example',
      allowedOrigins: ['https://partner.example', 'https://portal.example:8443'],
      allowLocalOrigins: false,
      smtpUrl: 'smtp://user:pass@mail.example:587',
      retentionDays: 30,
      analyticsId: 'G-TEST',
      rateLimits: { caseStudy: { max: 3, timeWindowMs: 5000 }, mailingList: { max: 4, timeWindowMs: 5000 } },
      trustProxy: true,
      logLevel: 'warn',
      logRequests: true,
    });
    expect(c.encryptionKey?.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('treats empty values as unset', () => {
    const c = loadConfig({ PORT: '', ALLOWED_ORIGINS: '  ', SMTP_URL: '' }, '/x');
    expect(c.port).toBe(8080);
    expect(c.allowLocalOrigins).toBe(true);
    expect(c.smtpUrl).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ RETENTION_DAYS: '0' }, /RETENTION_DAYS/],
    [{ ENCRYPTION_KEY: 'short' }, /ENCRYPTION_KEY/],
    [{ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }, /32 bytes/],
    [{ ENCRYPTION_KEY: 'not base64 at all!' }, /base64/],
    [{ PUBLIC_URL: 'benefold.example' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://benefold.example' }, /PUBLIC_URL/],
    [{ ALLOWED_ORIGINS: 'https://ok.example,nope' }, /ALLOWED_ORIGINS/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env, '/x')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/x')).toThrow(message);
  });

  it('is pure: the same input gives the same output, and the input is not changed', () => {
    const env = Object.freeze({ PORT: '1234' });
    expect(loadConfig(env, '/a')).toEqual(loadConfig(env, '/a'));
  });
});
