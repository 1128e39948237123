import { describe, expect, it } from 'vitest';
import { webhookDisabledEmail } from './webhook-disabled-email';

const base = {
  to: 'owner@clinic.example',
  endpointUrl: 'https://pms.example/hooks',
  failingSince: new Date('2026-10-25T00:30:00Z'),
  settingsUrl: 'https://app.example/settings?tab=api',
};

describe('the e-mail when a webhook endpoint is disabled', () => {
  it.each([
    ['en', 'Europe/London', 'CareLoop webhook endpoint disabled', 'since October 25, 2026'],
    [
      'es',
      'Europe/Madrid',
      'CareLoop ha desactivado un endpoint de webhooks',
      'desde el 25 de octubre de 2026 a las 2:30',
    ],
    ['tr', 'Europe/Istanbul', 'CareLoop bir webhook uç noktasını devre dışı bıraktı', '25 Ekim 2026 03:30'],
  ] as const)(
    '%s in %s: its own words, the time in the clinic zone',
    (language, timeZone, subject, since) => {
      const mail = webhookDisabledEmail({ ...base, language, timeZone, reason: 'failing' });
      expect(mail.subject).toBe(subject);
      expect(mail.to).toBe(base.to);
      expect(mail.text).toContain(base.endpointUrl);
      expect(mail.text).toContain(base.settingsUrl);
      expect(mail.text).toContain(since);
    },
  );

  it('a receiver that answered 410 is named gone, with no time', () => {
    const mail = webhookDisabledEmail({ ...base, language: 'es', timeZone: 'Europe/Madrid', reason: 'gone' });
    expect(mail.text).toContain('410 Gone');
    expect(mail.text).not.toContain('2026');
  });
});
