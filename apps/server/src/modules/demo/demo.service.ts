import { caseDueAt } from '@careloop/domain/case-rules';
import { ratingToSeverity } from '@careloop/domain/review-rules';
import type { AppDeps } from '../../app-deps';
import { trustpilotSandboxDemo } from '../../integrations/trustpilot/trustpilot.sandbox';
import { newId } from '../../lib/ids';
import { signUpOwner } from '../../plugins/auth/create-auth';
import { getMembership } from '../clinics/clinics.service';
import { saveSecret } from '../secrets/secrets.service';
import { countClinics, insertDemoRecords, markEmailVerified, updateDemoClinic } from './demo.repository';
import { demoClinic, demoOwner, demoPatients, demoReviews } from './demo-data';

const day = 86_400_000;

/** On an empty database, creates the demo clinic (sandbox mode) with its owner, patients, reviews and cases. */
export async function seedDemoIfEmpty(deps: Pick<AppDeps, 'db' | 'auth' | 'secretBox'>) {
  if ((await countClinics(deps.db)) > 0) return null;
  const { user } = await signUpOwner(deps.auth, {
    email: demoOwner.email,
    password: demoOwner.password,
    firstName: demoOwner.firstName,
    lastName: demoOwner.lastName,
    practiceName: demoClinic.name,
  });
  await markEmailVerified(deps.db, user.id);
  const membership = await getMembership(deps.db, user.id);
  if (!membership) throw new Error('The demo owner has no clinic');
  const clinicId = membership.clinicId;
  await updateDemoClinic(deps.db, clinicId, {
    phone: demoClinic.phone,
    category: demoClinic.category,
    timeZone: demoClinic.timeZone,
    sandboxMode: 'on',
  });

  const now = Date.now();
  const patientIds = new Map<string, string>();
  const patientRows = demoPatients.map((p, index) => {
    const id = `P-${now - index}`;
    patientIds.set(p.key, id);
    const createdAt = new Date(now - (p.daysAgo + 1) * day);
    return {
      clinicId,
      id,
      name: p.name,
      email: p.email,
      phone: p.phone,
      procedure: p.procedure,
      status: p.status,
      language: p.language,
      procedureDate: new Date(now - p.daysAgo * day),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const reviewRows = demoReviews.map((r) => ({
    clinicId,
    id: newId('rev'),
    provider: 'trustpilot',
    providerReviewId: `demo-${r.key}`,
    patientId: r.patientKey ? (patientIds.get(r.patientKey) ?? null) : null,
    rating: r.rating,
    title: r.title,
    reviewText: r.text,
    reviewerName: r.reviewerName,
    language: r.language,
    reviewDate: new Date(now - r.daysAgo * day),
    matchStatus: r.matchStatus,
    matchConfidence: r.matchStatus === 'matched' ? 0.9 : null,
  }));
  // Reviews rated 3 or less open a case, due 24 hours after it was opened.
  const caseRows = reviewRows
    .filter((r) => r.rating <= 3)
    .map((r) => {
      const createdAt = new Date(r.reviewDate.getTime() + 3_600_000);
      return {
        clinicId,
        id: newId('cas'),
        source: 'review',
        sourceId: r.id,
        patientId: r.patientId,
        title: `${r.rating}-star review: ${r.title}`,
        description: r.reviewText,
        severity: ratingToSeverity(r.rating),
        status: 'open',
        dueAt: caseDueAt(createdAt),
        createdAt,
        updatedAt: createdAt,
      };
    });
  await insertDemoRecords(deps.db, { patients: patientRows, reviews: reviewRows, cases: caseRows });
  // The demo clinic's review source is the Trustpilot sandbox, so Sync Reviews works out of the box.
  const owner = { clinicId, userId: user.id };
  await saveSecret(deps, owner, {
    name: `TRUSTPILOT_API_KEY_${clinicId}`,
    value: trustpilotSandboxDemo.apiKey,
  });
  await saveSecret(deps, owner, {
    name: `TRUSTPILOT_BUSINESS_UNIT_ID_${clinicId}`,
    value: trustpilotSandboxDemo.businessUnitId,
  });
  return { email: demoOwner.email, password: demoOwner.password, clinicId };
}
