const errorCodes = [
  'VALIDATION_ERROR',
  'PARAMETER_UNKNOWN',
  'UNAUTHENTICATED',
  'SESSION_IDLE',
  'NO_CLINIC',
  'FORBIDDEN',
  'PLAN_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'BODY_TOO_DEEP',
  'SHUTTING_DOWN',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** An error whose message is safe to show; the error handler turns it into the JSON envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notAuthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Not authenticated');
export const sessionIdle = (minutes: number) =>
  new AppError(401, 'SESSION_IDLE', `Signed out after ${minutes} minutes without activity`, { minutes });
export const noClinic = () => new AppError(403, 'NO_CLINIC', 'No clinic found');
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
