import { createHash, randomBytes } from 'node:crypto';

/** Invitations last a week; the link is the only credential, so only its SHA-256 is stored. */
export const invitationLifetimeMs = 7 * 24 * 3600 * 1000;

export const newInvitationToken = () => randomBytes(32).toString('base64url');

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
