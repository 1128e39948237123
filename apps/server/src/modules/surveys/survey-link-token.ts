import { createHash, createHmac } from 'node:crypto';

// A survey link's token is never stored (ADR 013): it is an HMAC of the survey request's id under a
// key derived from the auth secret, computed when the message is handed to the provider. The
// database keeps its SHA-256 (to find the survey from its link) and the message text with the link
// left out; a copy of the database alone cannot answer anyone's survey.

/** What `survey_requests.token_hash` holds for a link's token: its SHA-256 in hex. */
export const hashSurveyToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SurveyLinkTokens = {
  /** 32 bytes in base64url (43 characters): the token in the link of this survey request. */
  tokenFor: (surveyRequestId: string) => string;
  /** What `survey_requests.token_hash` holds for this survey request. */
  hashFor: (surveyRequestId: string) => string;
};

export function createSurveyLinkTokens(authSecret: string): SurveyLinkTokens {
  const key = createHmac('sha256', authSecret).update('careloop:survey-link').digest();
  const tokenFor = (surveyRequestId: string) =>
    createHmac('sha256', key).update(surveyRequestId).digest('base64url');
  return { tokenFor, hashFor: (surveyRequestId) => hashSurveyToken(tokenFor(surveyRequestId)) };
}

/** The link as stored and shown in Conversations: the token hidden. */
export function redactedSurveyLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/s/…`;
}
