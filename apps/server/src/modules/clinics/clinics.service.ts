import type { Database } from '../../db/client';
import { findMembershipByUserId, type Membership } from './clinics.repository';

export type { Membership };

export function getMembership(db: Database, userId: string): Promise<Membership | null> {
  return findMembershipByUserId(db, userId);
}
