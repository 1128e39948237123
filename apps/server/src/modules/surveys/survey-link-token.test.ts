import { describe, expect, it } from 'vitest';
import { createSurveyLinkTokens, hashSurveyToken, redactedSurveyLink } from './survey-link-token';

const secret = 'a-test-auth-secret-of-at-least-32-characters';

describe('survey link tokens', () => {
  const tokens = createSurveyLinkTokens(secret);

  it.each([['msg_a1b2c3d4e5f6g7'], ['msg_zzzzzzzzzzzzzz']])(
    '%s: 43 base64url characters (256 bits), the same on every call, hashed as stored',
    (id) => {
      const token = tokens.tokenFor(id);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokens.tokenFor(id)).toBe(token);
      expect(tokens.hashFor(id)).toBe(hashSurveyToken(token));
      expect(tokens.hashFor(id)).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it('another survey or another server secret gives another token', () => {
    const id = 'msg_a1b2c3d4e5f6g7';
    expect(tokens.tokenFor('msg_a1b2c3d4e5f6g8')).not.toBe(tokens.tokenFor(id));
    expect(createSurveyLinkTokens(`${secret}!`).tokenFor(id)).not.toBe(tokens.tokenFor(id));
  });

  it.each([
    ['https://app.careloop.example', 'https://app.careloop.example/s/…'],
    ['https://app.careloop.example/', 'https://app.careloop.example/s/…'],
  ])('the stored link of %s hides the token', (publicUrl, shown) => {
    expect(redactedSurveyLink(publicUrl)).toBe(shown);
  });
});
