import type { MeResponse } from '@careloop/contracts/me';

type MeOverrides = {
  user?: Partial<MeResponse['user']>;
  clinic?: Partial<MeResponse['clinic']>;
  role?: MeResponse['role'];
  isOperator?: boolean;
};

/**
 * The signed-in user's `/api/me` answer for a page test: an English-speaking owner of a starter
 * clinic on UTC, out of sandbox mode, with what the test depends on given as overrides.
 */
export function meAnswer({ user, clinic, role = 'owner', isOperator = false }: MeOverrides = {}): MeResponse {
  return {
    user: {
      id: 'usr_1',
      email: 'owner@clinic.test',
      name: 'Ana Owner',
      firstName: 'Ana',
      lastName: 'Owner',
      twoFactorEnabled: false,
      language: 'en',
      ...user,
    },
    clinic: {
      id: 'cln_1',
      name: 'Smile Clinic',
      subscriptionTier: 'starter',
      category: null,
      sandboxMode: false,
      idleTimeoutMinutes: 30,
      timeZone: 'UTC',
      ...clinic,
    },
    role,
    isOperator,
  };
}
