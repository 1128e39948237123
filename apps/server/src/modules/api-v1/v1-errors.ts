import { errorResponseSchema } from '@careloop/contracts/errors';

/** The error answers of every /api/v1 route: `{ error: { code, message, details } }`. */
export const v1Errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
