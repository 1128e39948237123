import {
  v1CampaignSchema,
  v1FollowUpBodySchema,
  v1IdParamsSchema,
  v1NoQuerySchema,
} from '@careloop/contracts/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { apiCallerOf, idempotencyKeyOf } from '../../plugins/api-bearer';
import { clinicContextOf } from '../../plugins/route-access';
import { getFollowUpCampaign, startFollowUpCampaign } from './followup-campaigns.service';
import { runIdempotently } from './idempotency.service';
import { v1CommonErrors, v1ErrorResponses } from './v1-errors';

export const v1FollowUpsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/followups',
      {
        config: { access: 'bearer', scope: 'followups:write' },
        schema: {
          tags: ['public-api'],
          summary:
            "Start a patient's follow-up sequence: a campaign with its status (blocked, with the reason, when opt-outs, settings or an open clinical case leave no way to send, or no follow-up day is left); Idempotency-Key honoured",
          operationId: 'startFollowUp',
          security: [{ bearerAuth: ['followups:write'] }],
          querystring: v1NoQuerySchema,
          body: v1FollowUpBodySchema,
          response: { 201: v1CampaignSchema, ...v1ErrorResponses(...v1CommonErrors, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const caller = apiCallerOf(request);
        const { body } = request;
        const answer = await runIdempotently(
          deps,
          caller,
          { key: idempotencyKeyOf(request), method: 'POST', route: '/api/v1/followups', body },
          async () => ({
            statusCode: 201,
            body: await startFollowUpCampaign(deps, ctx, {
              patientId: body.patient_id,
              apiClientId: caller.apiClientId,
            }),
          }),
        );
        if (answer.isReplay) reply.header('idempotent-replayed', 'true');
        // The stored answer's status: one this route gave (its success or one of its errors).
        return reply.status(answer.statusCode as 201).send(answer.body as never);
      },
    );

    app.get(
      '/api/v1/followups/:id',
      {
        // The scope that starts sequences reads them: a client that started one can follow it
        // without being issued a new scope.
        config: { access: 'bearer', scope: 'followups:write' },
        schema: {
          tags: ['public-api'],
          summary:
            "A follow-up sequence started earlier (any of the clinic's): its status (scheduled or blocked, with the reason) and the delivery status of each of its messages, both as they are now",
          operationId: 'getFollowUp',
          security: [{ bearerAuth: ['followups:write'] }],
          params: v1IdParamsSchema,
          querystring: v1NoQuerySchema,
          response: { 200: v1CampaignSchema, ...v1ErrorResponses(...v1CommonErrors, 404) },
        },
      },
      async (request) => getFollowUpCampaign(deps, clinicContextOf(request), request.params.id),
    );
  };
