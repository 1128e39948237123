import type { InvitationPreview } from '@careloop/contracts/team';
import {
  type AuthFailure,
  type AuthMessage,
  serverMessageKey,
  validateSignUpInput,
} from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { isSupportedLanguage } from '../../i18n/language.utils';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/routes';

export type SignUpFields = {
  firstName: string;
  lastName: string;
  email: string;
  practiceName: string;
  password: string;
};

/** The invitation a sign-up answers: its token (from the link) and what the server said it is for. */
export type SignUpInvitation = { token: string; preview: InvitationPreview };

/**
 * The better-auth sign-up body: trimmed text, a display name from both names, no empty last name.
 * With an invitation the person joins its clinic: the token goes along, the address is the
 * invited one, and there is no practice name of their own.
 */
export function buildSignUpRequest(
  fields: SignUpFields,
  invitation?: SignUpInvitation | null,
  pageLanguage?: string,
) {
  const firstName = fields.firstName.trim();
  const lastName = fields.lastName.trim();
  const common = {
    // The account's e-mails (confirmation, password reset) are written in the page's language.
    language: isSupportedLanguage(pageLanguage) ? pageLanguage : undefined,
    password: fields.password,
    name: [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName: lastName === '' ? undefined : lastName,
    callbackURL: paths.dashboard,
  };
  if (invitation) {
    return { ...common, email: invitation.preview.email, invitationToken: invitation.token };
  }
  return { ...common, email: fields.email.trim(), practiceName: fields.practiceName.trim() };
}

/**
 * The sign-up form's rules (spec 1 §5). An invited person has no practice name to give: the
 * practice is the inviting clinic, so only the other required fields are checked.
 */
export function validateSignUpFields(
  fields: SignUpFields,
  invitation?: SignUpInvitation | null,
): AuthMessage | null {
  if (!invitation) return validateSignUpInput(fields);
  return validateSignUpInput({
    ...fields,
    email: invitation.preview.email,
    practiceName: invitation.preview.clinicName,
  });
}

/** The `?invitation=` token of the sign-up link, or null when the link has none. */
export function readInvitationToken(search: URLSearchParams): string | null {
  const token = search.get('invitation')?.trim() ?? '';
  return token === '' ? null : token;
}

/** 'This invitation is invalid or has expired': the server's words, translated by key. */
export const invalidInvitationMessage = {
  key: 'auth.signup.invitation.invalid',
  message: 'This invitation is invalid or has expired',
} as const satisfies DomainMessage;

/** better-auth's code when the invitation is refused at sign-up. */
const invalidInvitationCode = 'INVALID_INVITATION';

/** A sign-up refused because the invitation is spent, revoked, expired or for another address. */
export function isInvalidInvitationFailure(failure: AuthFailure): boolean {
  return failure.code === invalidInvitationCode;
}

export type InvitationProblem =
  /** The link's token is unknown, spent, revoked, expired or malformed: the server's message. */
  | { kind: 'invalid'; message: DomainMessage }
  /** The server could not be asked (network, 5xx, rate limit): trying again may help. */
  | { kind: 'unavailable' };

/**
 * Why an invitation link cannot be used, from the error of GET /api/invitations/:token. The
 * server's 'invalid or has expired' text is translated by its key; any other text it gives is
 * shown as it came. A malformed token (400) is an invalid invitation too.
 */
export function describeInvitationError(error: unknown): InvitationProblem {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) {
    return { kind: 'unavailable' };
  }
  const isKnown = error.status === 400 || error.message === invalidInvitationMessage.message;
  const message: DomainMessage = isKnown
    ? invalidInvitationMessage
    : { key: serverMessageKey, message: error.message };
  return { kind: 'invalid', message };
}
