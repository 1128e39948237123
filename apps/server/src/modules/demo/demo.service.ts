import { caseDueAt } from '@careloop/domain/case-rules';
import { storedCaseTitle } from '@careloop/domain/case-title';
import { ratingToSeverity } from '@careloop/domain/review-rules';
import type { AppDeps } from '../../app-deps';
import { trustpilotSandboxDemo } from '../../integrations/trustpilot/trustpilot.sandbox';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { newId } from '../../lib/ids';
import { signUpOwner } from '../../plugins/auth/create-auth';
import { getMembership } from '../clinics/clinics.service';
import { inboundWebhookUrls } from '../inbound/webhook-urls';
import { saveSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import {
  countClinics,
  findClinicIdOfUser,
  insertDemoAutomationConfig,
  insertDemoOnboardingDone,
  insertDemoRecords,
  updateDemoClinic,
} from './demo.repository';
import { demoClinic, demoOwner, demoPatients, demoReviews } from './demo-data';
import { seedDemoHistory } from './demo-history-seed';
import { seedDemoSurveys } from './demo-survey-seed';

const day = 86_400_000;

type SeedDeps = Pick<AppDeps, 'db' | 'auth' | 'secretBox' | 'config' | 'sandboxes' | 'surveyLinkTokens'>;

/** On an empty database, creates the demo clinic (sandbox mode); else does nothing (null). */
export async function seedDemoIfEmpty(deps: SeedDeps) {
  if ((await countClinics(deps.db)) > 0) return null;
  return seedDemoClinic(deps);
}

/**
 * The demo clinic (sandbox mode) with its owner, patients, reviews and cases, and a complete
 * messaging setup on the mounted sandboxes: WhatsApp and SMS (Twilio) credentials in the vault,
 * both channels switched on, marketing consent for some patients. `owner` only for tests.
 */
export async function seedDemoClinic(deps: SeedDeps, owner: { email: string; password: string } = demoOwner) {
  const { user } = await signUpOwner(deps.auth, {
    email: owner.email,
    password: owner.password,
    firstName: demoOwner.firstName,
    lastName: demoOwner.lastName,
    practiceName: demoClinic.name,
  });
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
      ...(p.marketingConsent
        ? { marketingConsent: 'granted', marketingConsentAt: createdAt, marketingConsentSource: 'staff' }
        : {}),
      createdAt,
      updatedAt: createdAt,
      // Computed with the history's patients (demo-history-seed), once their cases are in.
      riskComputedAt: null,
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
        ...storedCaseTitle({
          kind: 'review',
          rating: r.rating,
          reviewerName: r.reviewerName,
          reviewTitle: r.title,
        }),
        description: r.reviewText,
        severity: ratingToSeverity(r.rating),
        status: 'open',
        dueAt: caseDueAt(createdAt),
        createdAt,
        updatedAt: createdAt,
      };
    });
  await deps.db.transaction((tx) =>
    insertDemoRecords(tx, { patients: patientRows, reviews: reviewRows, cases: caseRows }),
  );
  // The demo clinic's review source is the Trustpilot sandbox, so Sync Reviews works out of the box;
  // its channels are the WhatsApp and Twilio sandboxes, so Test Messaging and the automation do too.
  const ownerCtx = { clinicId, userId: user.id };
  const whatsapp = whatsAppSecretNames(clinicId);
  const sms = smsSecretNames('twilio', clinicId);
  const secrets: [string, string][] = [
    [`TRUSTPILOT_API_KEY_${clinicId}`, trustpilotSandboxDemo.apiKey],
    [`TRUSTPILOT_BUSINESS_UNIT_ID_${clinicId}`, trustpilotSandboxDemo.businessUnitId],
    [whatsapp.accessToken, whatsAppSandboxDemo.accessToken],
    [whatsapp.phoneNumberId, whatsAppSandboxDemo.phoneNumberId],
    [sms.accountSid, twilioSandboxDemo.accountSid],
    [sms.authToken, twilioSandboxDemo.authToken],
  ];
  await deps.db.transaction(async (tx) => {
    const txDeps = { db: tx, secretBox: deps.secretBox };
    for (const [name, value] of secrets) await saveSecret(txDeps, ownerCtx, { name, value });
    // The spec's defaults for the schedule, cross-sell and quiet hours; both channels on.
    await insertDemoAutomationConfig(tx, clinicId, {
      whatsappEnabled: true,
      whatsappSecretName: whatsapp.accessToken,
      whatsappPhoneNumberId: whatsAppSandboxDemo.phoneNumberId,
      smsEnabled: true,
      smsProvider: 'twilio',
      smsSecretName: sms.authToken,
      smsFromNumber: twilioSandboxDemo.fromNumber,
      defaultChannel: 'whatsapp',
    });
    await insertDemoOnboardingDone(tx, clinicId, new Date(now));
  });
  await seedDemoSurveys(deps, clinicId, now);
  await seedDemoHistory(deps, clinicId, user.id, now);
  connectDemoSandboxes(deps, clinicId);
  return { email: owner.email, password: owner.password, clinicId };
}

/**
 * Points the mounted WhatsApp fake's notifications (statuses, inbound) at the demo clinic's real
 * webhook under PUBLIC_URL; Twilio and Vonage take their callback URL with each send. The fake
 * signs them with the demo clinic's own sandbox secret (modules/inbound/sandbox-webhook-signing),
 * not with this public value.
 */
function connectDemoSandboxes(deps: Pick<AppDeps, 'config' | 'sandboxes'>, clinicId: string) {
  if (!deps.config.sandboxMode) return;
  deps.sandboxes.whatsapp.webhook = {
    url: inboundWebhookUrls(deps.config.http.publicUrl, clinicId).whatsapp,
    appSecret: whatsAppSandboxDemo.appSecret,
  };
}

/** At start-up: connects the sandboxes to the demo clinic seeded on an earlier start, if any. */
export async function connectExistingDemoClinic(deps: Pick<AppDeps, 'db' | 'config' | 'sandboxes'>) {
  if (!deps.config.sandboxMode) return null;
  const clinicId = await findClinicIdOfUser(deps.db, demoOwner.email);
  if (clinicId) connectDemoSandboxes(deps, clinicId);
  return clinicId;
}
