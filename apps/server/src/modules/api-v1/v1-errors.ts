import { errorResponseSchema } from '@careloop/contracts/errors';

type V1ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/**
 * The error answers a /api/v1 route gives, each `{ error: { code, message, details, request_id } }`:
 * every route lists its own, so that the document tells a client generator what to expect of each.
 */
export function v1ErrorResponses<Status extends V1ErrorStatus>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

/** What every bearer route may answer: a bad parameter, no or a bad token, a missing scope or plan, the hourly budget. */
export const v1CommonErrors = [400, 401, 403, 429] as const;
