import { createHash } from 'node:crypto';
import type {
  EnterpriseContactValues,
  PublicFormKind,
  PublicFormValues,
} from '@careloop/contracts/public-site';
import { parseVolumeRange } from '@careloop/domain/enterprise-contact';
import type { AppDeps } from '../../app-deps';
import { enterpriseLead, formLead, isLeadFormKind, type LeadMailDeps, notifySales } from './leads.service';
import { insertEnterpriseContactRequest, insertPublicFormSubmission } from './public-site.repository';
import { requestSubscription, type SubscriptionDeps } from './subscriptions.service';

type Deps = Pick<AppDeps, 'db'> & LeadMailDeps & SubscriptionDeps;

/** The forms that sign an address up to a list, confirmed by a mailed link before anything is sent. */
const subscriptionListOf = { newsletter: 'newsletter', status_subscribe: 'status' } as const;

/** A filled honeypot: the request came from a bot. It is answered as usual and not stored. */
function isBot(body: { website?: string | undefined }): boolean {
  return (body.website ?? '').trim() !== '';
}

/**
 * The visitor's address is kept only as a salted SHA-256 hash: enough to see repeated abuse from
 * one address, never the address itself. The salt is derived from the server's auth secret, so it
 * never leaves the server and differs between installations.
 */
export function createIpHasher(serverSecret: string) {
  const salt = createHash('sha256').update(`careloop:public-forms:ip-salt:${serverSecret}`).digest('hex');
  return (ip: string) => createHash('sha256').update(`${salt}:${ip}`).digest('hex');
}

/**
 * Stores an enterprise request (the chosen volume range as its lower bound) and mails it to sales.
 */
export async function submitEnterpriseContact(deps: Deps, body: EnterpriseContactValues) {
  if (isBot(body)) return null;
  const stored = await insertEnterpriseContactRequest(deps.db, {
    contactName: body.contactName,
    contactEmail: body.contactEmail,
    contactPhone: body.contactPhone,
    companyName: body.companyName,
    estimatedMonthlyVolume: parseVolumeRange(body.estimatedMonthlyVolume),
    currentSolution: body.currentSolution,
    specificRequirements: body.specificRequirements,
    preferredContractType: body.preferredContractType,
  });
  notifySales(deps, enterpriseLead(stored));
  return stored.id;
}

/**
 * Stores one public form (the payload keeps the validated fields, never the honeypot); a demo or
 * contact request or a job application is mailed to sales too; a newsletter or status sign-up is
 * sent its confirmation link.
 */
export async function submitPublicForm<K extends PublicFormKind>(
  deps: Deps,
  options: { kind: K; body: PublicFormValues[K]; ipHash: string | null },
) {
  const { kind, body, ipHash } = options;
  if (isBot(body)) return null;
  const { website: _website, locale, email, ...payload } = body;
  const stored = await insertPublicFormSubmission(deps.db, {
    kind,
    email,
    payload: { email, ...payload },
    locale: locale ?? null,
    ipHash,
  });
  if (isLeadFormKind(kind)) notifySales(deps, formLead(stored));
  const list =
    kind === 'newsletter' || kind === 'status_subscribe'
      ? subscriptionListOf[kind as 'newsletter' | 'status_subscribe']
      : null;
  if (list) await requestSubscription(deps, { list, email, locale: locale ?? 'en' });
  return stored.id;
}
