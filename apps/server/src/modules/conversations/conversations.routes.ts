import {
  conversationListQuerySchema,
  receivedMessageListResponseSchema,
  sentMessageListResponseSchema,
} from '@careloop/contracts/conversations';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { listReceivedMessages, listSentMessages } from './conversations.service';

const tags = ['conversations'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Conversations (spec 2 §2): the Sent Messages and Received Messages lists, each paged on its own. */
export const conversationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/conversations/sent',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary:
            'Sent messages, newest first, 20 a page (keyset); search by patient name, phone or content; channel filter',
          querystring: conversationListQuerySchema,
          response: { 200: sentMessageListResponseSchema, ...errors },
        },
      },
      async (request) => listSentMessages(deps, clinicContextOf(request), request.query),
    );

    app.get(
      '/api/conversations/received',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary:
            'Received (inbound) messages, newest first, 20 a page (keyset); search by phone or content; channel filter',
          querystring: conversationListQuerySchema,
          response: { 200: receivedMessageListResponseSchema, ...errors },
        },
      },
      async (request) => listReceivedMessages(deps, clinicContextOf(request), request.query),
    );
  };
