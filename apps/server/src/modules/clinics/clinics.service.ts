import type { Database } from '../../db/client';
import {
  findMembershipByUserId,
  findSignedInByToken,
  type Membership,
  type SignedInRow,
} from './clinics.repository';

export type { Membership, SignedInRow };

export function getMembership(db: Database, userId: string): Promise<Membership | null> {
  return findMembershipByUserId(db, userId);
}

/** The session of a token with its user and clinic membership, in one round trip. */
export function getSignedIn(db: Database, token: string): Promise<SignedInRow | null> {
  return findSignedInByToken(db, token);
}
