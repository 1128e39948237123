import { describe, expect, it } from 'vitest';
import { attemptResult, fieldRefusal, validateWebhookDraft } from './webhook-endpoints.utils';

describe('validateWebhookDraft', () => {
  it.each([
    [{ url: '', events: ['review.created'] }, { url: 'webhooks.errors.urlRequired' }],
    [{ url: '   ', events: ['review.created'] }, { url: 'webhooks.errors.urlRequired' }],
    [{ url: 'hooks.example.com', events: ['review.created'] }, { url: 'webhooks.errors.urlInvalid' }],
    [{ url: 'ftp://example.com/x', events: ['review.created'] }, { url: 'webhooks.errors.urlInvalid' }],
    [
      { url: `https://example.com/${'a'.repeat(2000)}`, events: ['review.created'] },
      { url: 'webhooks.errors.urlTooLong' },
    ],
    [{ url: 'https://example.com/hook', events: [] }, { events: 'webhooks.errors.eventsRequired' }],
    [{ url: 'https://example.com/hook', events: ['review.created', 'patient.matched'] }, {}],
  ] as const)('%j -> %j', (draft, expected) => {
    expect(validateWebhookDraft(draft)).toEqual(expected);
  });
});

describe('attemptResult', () => {
  it('shows the status code, else the reason, else a dash', () => {
    expect(attemptResult({ statusCode: 500, error: 'HTTP 500' })).toBe('500');
    expect(attemptResult({ statusCode: null, error: 'Connection refused' })).toBe('Connection refused');
    expect(attemptResult({ statusCode: null, error: null })).toBe('—');
  });
});

describe('fieldRefusal', () => {
  it("finds the field's reason and names the ones we translate", () => {
    const details = [
      { field: 'events', message: 'Required' },
      { field: 'url', message: 'The URL points to a private, loopback or link-local address' },
    ];
    expect(fieldRefusal(details, 'url')).toEqual({
      key: 'webhooks.errors.urlPrivate',
      message: 'The URL points to a private, loopback or link-local address',
    });
    expect(fieldRefusal([{ field: 'url', message: 'Something new' }], 'url')).toEqual({
      message: 'Something new',
    });
    expect(fieldRefusal(details, 'description')).toBeNull();
    expect(fieldRefusal(undefined, 'url')).toBeNull();
  });
});
