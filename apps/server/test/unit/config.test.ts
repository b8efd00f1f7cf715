import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoContent).toBe(false);
    expect(c.timezone).toBe('America/New_York');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.rateLimits).toEqual({ auth: 10, publicWrite: 5 });
    expect(c.backups).toEqual({ keep: 14, time: { hour: 3, minute: 30 } });
  });

  it('reads the embedded page cache size, left to the database module by default', () => {
    expect(loadConfig({}).pgliteSharedBuffersMb).toBeUndefined();
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).pgliteSharedBuffersMb).toBe(64);
  });

  it('reads the nightly backup settings; BACKUP_KEEP=0 turns them off', () => {
    expect(loadConfig({ BACKUP_KEEP: '0' }).backups.keep).toBe(0);
    expect(loadConfig({ BACKUP_KEEP: '30', BACKUP_TIME: '23:05' }).backups).toEqual({
      keep: 30,
      time: { hour: 23, minute: 5 },
    });
  });

  it('reads SMS (all four variables or none) and REMINDER_HOURS (largest first; off: none)', () => {
    const sms = {
      SMS_PROVIDER_URL: 'https://api.twilio.com/',
      SMS_ACCOUNT_SID: 'AC0123456789abcdef',
      SMS_AUTH_TOKEN: 'secret-token',
      SMS_FROM: '+15551234567',
    };
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig(sms).sms).toEqual({
      url: 'https://api.twilio.com',
      accountSid: 'AC0123456789abcdef',
      authToken: 'secret-token',
      from: '+15551234567',
    });
    expect(() => loadConfig({ ...sms, SMS_FROM: '' })).toThrow(/SMS_FROM: set all four or none/);
    expect(() => loadConfig({ ...sms, SMS_FROM: '555-1234' })).toThrow(/SMS_FROM/);
    expect(loadConfig({}).reminderHours).toEqual([72, 2]);
    expect(loadConfig({ REMINDER_HOURS: '2,24,24' }).reminderHours).toEqual([24, 2]);
    expect(loadConfig({ REMINDER_HOURS: 'off' }).reminderHours).toEqual([]);
    expect(() => loadConfig({ REMINDER_HOURS: '72h' })).toThrow(/REMINDER_HOURS/);
  });

  it('loads demo content only when DEMO_CONTENT says so, also on PostgreSQL, and PUBLIC_URL follows PORT', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', PORT: '8080' });
    expect(c.demoContent).toBe(false);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_CONTENT: '1' }).demoContent).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['JWT_SECRET', 'too-short'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'ftp://x'],
    ['DEMO_CONTENT', 'yes'],
    ['BUSINESS_TIMEZONE', 'Mars/Olympus'],
    ['RATE_LIMIT_AUTH', '0'],
    ['RATE_LIMIT_PUBLIC_WRITE', 'many'],
    ['BACKUP_KEEP', '-1'],
    ['BACKUP_KEEP', '1.5'],
    ['BACKUP_KEEP', 'all'],
    ['BACKUP_TIME', '24:00'],
    ['BACKUP_TIME', '3:30'],
    ['BACKUP_TIME', 'midnight'],
    ['PGLITE_SHARED_BUFFERS_MB', '0'],
    ['PGLITE_SHARED_BUFFERS_MB', '2048'],
    ['PGLITE_SHARED_BUFFERS_MB', '16MB'],
    ['PUSH_ALLOW_ENDPOINT_ORIGINS', 'https://127.0.0.1:8443/push'],
    ['PUSH_ALLOW_ENDPOINT_ORIGINS', '127.0.0.1:8443'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('PUSH_ALLOW_ENDPOINT_ORIGINS', () => {
  it('allows no endpoint beyond the rule unless set, then the origins it lists', () => {
    expect(loadConfig({}).push.allowEndpointOrigins).toEqual([]);
    const c = loadConfig({ PUSH_ALLOW_ENDPOINT_ORIGINS: 'https://127.0.0.1:8443, https://[::1]:9443' });
    expect(c.push.allowEndpointOrigins).toEqual(['https://127.0.0.1:8443', 'https://[::1]:9443']);
  });
});

describe('empty variables', () => {
  it('treats an empty value as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', SMTP_URL: '', PORT: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.port).toBe(3000);
  });
});
