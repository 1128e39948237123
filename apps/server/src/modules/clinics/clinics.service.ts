import type { Database } from '../../db/client';
import {
  findClinicIdByEmail,
  findMembershipByUserId,
  findSignedInByToken,
  type Membership,
  recordSessionActivity,
  type SignedInRow,
} from './clinics.repository';

export type { Membership, SignedInRow };

export function getMembership(db: Database, userId: string): Promise<Membership | null> {
  return findMembershipByUserId(db, userId);
}

/** The clinic of the account an e-mail names (a sign-in refused before anyone is signed in). */
export function getClinicIdByEmail(db: Database, email: string): Promise<string | null> {
  return findClinicIdByEmail(db, email);
}

/** The session of a token with its user and clinic membership, in one round trip. */
export function getSignedIn(db: Database, token: string): Promise<SignedInRow | null> {
  return findSignedInByToken(db, token);
}

/** The session was used now (written at most once a minute by the request context). */
export function recordActivity(db: Database, token: string, at: Date): Promise<void> {
  return recordSessionActivity(db, token, at);
}
