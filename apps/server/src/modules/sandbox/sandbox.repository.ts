import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinics } from '../../db/schema';

export async function setClinicSandboxMode(db: Database, clinicId: string) {
  await db.update(clinics).set({ sandboxMode: 'on', sandboxClock: true }).where(eq(clinics.id, clinicId));
}
