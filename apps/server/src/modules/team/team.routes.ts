import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteMemberBodySchema,
  memberParamsSchema,
  teamMemberSchema,
  teamResponseSchema,
  updateMemberRoleBodySchema,
} from '@careloop/contracts/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import {
  changeMemberRole,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './team.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['team'];

/** Team management: owners and admins; every change audited. */
export const teamRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/team',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Members and pending invitations',
          response: { 200: teamResponseSchema, ...errors },
        },
      },
      async (request) => getTeam(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/team/invitations',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Invite a colleague by e-mail (the link arrives by the sign-up mail path)',
          body: inviteMemberBodySchema,
          response: { 201: invitationSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await inviteMember(deps, clinicContextOf(request), request.body)),
    );

    app.delete(
      '/api/team/invitations/:id',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Revoke a pending invitation',
          params: invitationParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeInvitation(deps, clinicContextOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      '/api/team/members/:userId',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Change a member role (the last owner stays an owner)',
          params: memberParamsSchema,
          body: updateMemberRoleBodySchema,
          response: { 200: teamMemberSchema, ...errors },
        },
      },
      async (request) =>
        changeMemberRole(deps, clinicContextOf(request), request.params.userId, request.body.role),
    );

    app.delete(
      '/api/team/members/:userId',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Remove a member (not the last owner)',
          params: memberParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeMember(deps, clinicContextOf(request), request.params.userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/invitations/:token',
      {
        schema: {
          tags,
          summary: 'Public: the clinic and address an invitation link is for',
          params: invitationTokenParamsSchema,
          response: { 200: invitationPreviewSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
        config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      },
      async (request) => previewInvitation(deps, request.params.token),
    );
  };
