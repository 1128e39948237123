import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Daily Digest's unsubscribe links: `<userId>.<HMAC-SHA256>` under a key derived from the auth
 * secret, so every web and worker process checks what any of them signed, nothing is stored, and a
 * link works for as long as the address gets digests (mail clients keep old messages).
 */
export type UnsubscribeTokens = {
  sign: (userId: string) => string;
  /** The user the token was signed for, or null when it is not one of ours. */
  verify: (token: string) => string | null;
};

export function createUnsubscribeTokens(authSecret: string): UnsubscribeTokens {
  const key = createHmac('sha256', authSecret).update('careloop:daily-digest-unsubscribe').digest();
  const mac = (userId: string) => createHmac('sha256', key).update(userId).digest();
  return {
    sign: (userId) => `${userId}.${mac(userId).toString('base64url')}`,
    verify(token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0 || token.length > 200) return null;
      const userId = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
