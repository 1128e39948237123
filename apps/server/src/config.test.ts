import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.role).toBe('all');
    expect(config.seedDemo).toBe(true);
    expect(config.http.isTls).toBe(false);
    expect(config.auth.sessionIdleSeconds).toBe(24 * 3600);
    expect(config.auth.sessionAbsoluteSeconds).toBe(7 * 86400);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and never seeds the demo in production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/db',
      NODE_ENV: 'production',
      SECRETS_KEY: 'ab'.repeat(32),
      SALES_EMAIL: 'sales@careloop.example',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(config.seedDemo).toBe(false);
    expect(config.sandboxMode).toBe(false);
  });

  it.each([
    [{ SEED_DEMO: 'false' }, false],
    [{ SEED_DEMO: 'true' }, true],
  ])('SEED_DEMO %j', (env, expected) => {
    expect(loadConfig(env).seedDemo).toBe(expected);
  });

  it('refuses production without SECRETS_KEY, and says what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h:5432/db' })).toThrow(
      /SECRETS_KEY: required when NODE_ENV=production: 64 hex characters/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: 'ab'.repeat(32),
        SALES_EMAIL: 'sales@careloop.example',
      }).secretsKeyHex,
    ).toBe('ab'.repeat(32));
    expect(loadConfig({ NODE_ENV: 'development' }).secretsKeyHex).toBeUndefined();
  });

  it('lists every bad key at once', () => {
    expect(() => loadConfig({ PORT: 'abc', ROLE: 'boss', SECRETS_KEY: 'short' })).toThrow(
      /PORT[\s\S]*ROLE[\s\S]*SECRETS_KEY|PORT[\s\S]*SECRETS_KEY[\s\S]*ROLE/,
    );
  });
});

describe('trusted origins', () => {
  it.each([
    ['http://localhost:3000', ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']],
    ['http://127.0.0.1:8080', ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']],
    ['https://app.careloop.example', ['https://app.careloop.example']],
  ])('PUBLIC_URL %s trusts %j', (publicUrl, expected) => {
    expect(loadConfig({ PUBLIC_URL: publicUrl }).auth.trustedOrigins).toEqual(expected);
  });
});

describe('leads and operators', () => {
  it('mails leads to SALES_EMAIL, on a laptop to sales@careloop.local', () => {
    expect(loadConfig({ SALES_EMAIL: 'sales@clinic.example' }).salesEmail).toBe('sales@clinic.example');
    expect(loadConfig({}).salesEmail).toBe('sales@careloop.local');
    expect(loadConfig({ SALES_EMAIL: '' }).salesEmail).toBe('sales@careloop.local');
  });

  it('refuses production without SALES_EMAIL, and a SALES_EMAIL that is not one address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_KEY: 'ab'.repeat(32) })).toThrow(
      /SALES_EMAIL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ SALES_EMAIL: 'sales@a.example, ops@a.example' })).toThrow(
      /SALES_EMAIL must be one e-mail address/,
    );
  });

  it('reads OPERATOR_EMAILS as a list of lower-case addresses, and refuses anything else', () => {
    expect(loadConfig({}).operatorEmails).toEqual([]);
    expect(
      loadConfig({ OPERATOR_EMAILS: ' Ops@CareLoop.example , ana@careloop.example,' }).operatorEmails,
    ).toEqual(['ops@careloop.example', 'ana@careloop.example']);
    expect(() => loadConfig({ OPERATOR_EMAILS: 'ops@careloop.example; ana' })).toThrow(
      /OPERATOR_EMAILS must list e-mail addresses/,
    );
  });
});

describe('metrics and tracing', () => {
  it('keeps metrics and tracing off unless asked, metrics on this machine only by default', () => {
    expect(loadConfig({}).observability).toEqual({ metrics: null, tracing: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).observability.metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).observability.metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).observability.tracing,
    ).toEqual({
      endpoint: 'http://collector:4318',
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).observability.tracing).toBeNull();
  });

  it.each([
    [{ METRICS_PORT: '3000' }, /METRICS_PORT: must differ from PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT: must differ from PORT/],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
