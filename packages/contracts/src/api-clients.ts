import { z } from 'zod';
import { nameText } from './name-text';

/** What an API client may do; each /api/v1 route requires one. */
export const apiScopes = [
  'patients:read',
  'patients:write',
  'reviews:read',
  'followups:write',
  'analytics:read',
] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeSchema = z.enum(apiScopes);

export const createApiClientBodySchema = z.object({
  name: nameText(100).refine((value) => value.trim().length > 0, 'Name required'),
  scopes: z.array(apiScopeSchema).min(1).max(apiScopes.length),
});
export type CreateApiClientBody = z.input<typeof createApiClientBodySchema>;

/** A client as settings list it: never its secret. */
export const apiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The latest call made with one of its tokens (or a token issued to it); null: never used. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** After a secret rotation: until when the replaced secret still gets tokens (null: none). */
  previousSecretExpiresAt: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

export const apiClientListResponseSchema = z.object({
  items: z.array(apiClientSchema),
  /** False below Professional: the clinic may list and revoke, not create. */
  isApiAvailable: z.boolean(),
});
export type ApiClientListResponse = z.infer<typeof apiClientListResponseSchema>;

/** The answer to a creation: the only time the secret is shown. */
export const createdApiClientSchema = apiClientSchema.extend({ clientSecret: z.string() });
export type CreatedApiClient = z.infer<typeof createdApiClientSchema>;

export const apiClientIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** One client's calls: in its hourly budget's current window and since the clinic's midnight. */
export const apiClientUsageSchema = z.object({
  id: z.string(),
  /** Calls counted against the hourly budget in its current window (what X-RateLimit-Remaining is taken from). */
  callsThisHour: z.number().int().nonnegative(),
  /** When the budget's window ends; null when no window is open. */
  hourResetsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Calls answered since midnight in the clinic's time zone. */
  callsToday: z.number().int().nonnegative(),
});
export type ApiClientUsage = z.infer<typeof apiClientUsageSchema>;

export const apiClientUsageResponseSchema = z.object({
  items: z.array(apiClientUsageSchema),
  /** Calls a client may make in an hour on the clinic's plan. */
  hourlyLimit: z.number().int().positive(),
  /** The clinic's midnight "today" counts from. */
  dayStartsAt: z.iso.datetime({ offset: true }),
});
export type ApiClientUsageResponse = z.infer<typeof apiClientUsageResponseSchema>;
