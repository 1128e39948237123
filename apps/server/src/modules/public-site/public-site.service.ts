import { createHash } from 'node:crypto';
import type {
  EnterpriseContactValues,
  PublicFormKind,
  PublicFormValues,
} from '@careloop/contracts/public-site';
import { parseVolumeRange } from '@careloop/domain/enterprise-contact';
import type { Database } from '../../db/client';
import { insertEnterpriseContactRequest, insertPublicFormSubmission } from './public-site.repository';

/** A filled honeypot: the request came from a bot. It is answered as usual and not stored. */
export function isBot(body: { website?: string | undefined }): boolean {
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

/** Stores an enterprise request; the chosen volume range is stored as its lower bound. */
export async function submitEnterpriseContact(db: Database, body: EnterpriseContactValues) {
  if (isBot(body)) return null;
  return insertEnterpriseContactRequest(db, {
    contactName: body.contactName,
    contactEmail: body.contactEmail,
    contactPhone: body.contactPhone,
    companyName: body.companyName,
    estimatedMonthlyVolume: parseVolumeRange(body.estimatedMonthlyVolume),
    currentSolution: body.currentSolution,
    specificRequirements: body.specificRequirements,
    preferredContractType: body.preferredContractType,
  });
}

/** Stores one public form; the payload keeps the validated fields, never the honeypot. */
export async function submitPublicForm<K extends PublicFormKind>(
  db: Database,
  options: { kind: K; body: PublicFormValues[K]; ipHash: string | null },
) {
  const { kind, body, ipHash } = options;
  if (isBot(body)) return null;
  const { website: _website, locale, email, ...payload } = body;
  return insertPublicFormSubmission(db, {
    kind,
    email,
    payload: { email, ...payload },
    locale: locale ?? null,
    ipHash,
  });
}
