import { directionControlMessage, hasDirectionControl } from '@careloop/domain/direction-controls';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/** Where better-auth takes a person's or a practice's name. */
const namePaths = new Set(['/sign-up/email', '/update-user']);
const nameFields = ['name', 'firstName', 'lastName', 'practiceName'] as const;

/**
 * The name rule of every other form (packages/domain direction-controls) on better-auth's own
 * endpoints: a user's name is shown to colleagues and in audit rows, so it must read as it is stored.
 */
export function nameRules() {
  return {
    id: 'careloop-name-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => namePaths.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const field = nameFields.find((f) => typeof body[f] === 'string' && hasDirectionControl(body[f]));
            if (!field) return;
            throw new APIError('BAD_REQUEST', {
              message: directionControlMessage.message,
              code: 'INVALID_NAME',
              field,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
