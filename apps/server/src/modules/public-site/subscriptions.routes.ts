import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { invalidLinkPage, pageLocale, subscriptionPage } from './subscription-pages';
import { subscriptionTexts } from './subscription-texts';
import {
  confirmPath,
  confirmSubscription,
  pendingSubscriptionOfToken,
  type SubscriptionList,
  type SubscriptionLocale,
  type SubscriptionRow,
  subscriptionOfUnsubscribeToken,
  unsubscribe,
  unsubscribePath,
} from './subscriptions.service';

const formType = 'application/x-www-form-urlencoded';
const tokenQuery = z.object({ token: z.string().max(300).optional() });
const tokenBody = z
  .object({ token: z.string().max(300).optional() })
  .passthrough()
  .optional();
const html = 'text/html; charset=utf-8';
const limit = { max: 30, timeWindow: 60_000 };

const localeOf = (row: SubscriptionRow) => row.locale as SubscriptionLocale;
const listNameOf = (row: SubscriptionRow) =>
  subscriptionTexts[localeOf(row)].listName[row.list as SubscriptionList];

type PageTexts = (typeof subscriptionTexts)[SubscriptionLocale];
type PageContent = Omit<Parameters<typeof subscriptionPage>[0], 'locale'>;

/** Every step answers the same way: the invalid-link page (404) without a row, else its page in the row's locale. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  row: SubscriptionRow | null | undefined,
  content: (texts: PageTexts, list: string) => PageContent,
) {
  if (!row)
    return reply
      .status(404)
      .type(html)
      .send(invalidLinkPage(pageLocale(request.headers['accept-language'])));
  const locale = localeOf(row);
  return reply
    .type(html)
    .send(subscriptionPage({ locale, ...content(subscriptionTexts[locale], listNameOf(row)) }));
}

/**
 * The double opt-in and unsubscribe steps of the newsletter and status updates: pages written here
 * (the links come from mail), each step a button that posts, so a scanner opening the link does
 * nothing; mail clients' one-click unsubscribe (RFC 8058) posts to the link itself.
 */
export const subscriptionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(formType, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const common = { config: { access: 'public' as const, rateLimit: limit }, bodyLimit: 1024 };

    app.get(
      confirmPath,
      {
        ...common,
        schema: {
          tags: ['public-site'],
          summary: 'The page that confirms a subscription',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        return sendPage(request, reply, await pendingSubscriptionOfToken(deps, token), (texts, list) => ({
          title: texts.confirmPageTitle,
          text: texts.confirmPageText(list),
          form: { action: confirmPath, token, button: texts.confirmButton },
        }));
      },
    );

    app.post(
      confirmPath,
      {
        ...common,
        schema: {
          tags: ['public-site'],
          summary: 'Confirms a subscription (double opt-in)',
          body: tokenBody,
        },
      },
      async (request, reply) => {
        const row = await confirmSubscription(deps, String(request.body?.token ?? ''));
        return sendPage(request, reply, row, (texts, list) => ({
          title: texts.confirmedTitle,
          text: texts.confirmedText(list),
        }));
      },
    );

    app.get(
      unsubscribePath,
      {
        ...common,
        schema: {
          tags: ['public-site'],
          summary: 'The page that ends a subscription',
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        const row = await subscriptionOfUnsubscribeToken(deps, token);
        return sendPage(request, reply, row, (texts, list) => ({
          title: texts.unsubscribePageTitle,
          text: texts.unsubscribePageText(list),
          form: { action: unsubscribePath, token, button: texts.unsubscribeButton },
        }));
      },
    );

    app.post(
      unsubscribePath,
      {
        ...common,
        schema: {
          tags: ['public-site'],
          summary: 'Ends a subscription (also one-click, RFC 8058)',
          querystring: tokenQuery,
          body: tokenBody,
        },
      },
      async (request, reply) => {
        const token = String(request.body?.token ?? request.query.token ?? '');
        const row = await unsubscribe(deps, token);
        return sendPage(request, reply, row, (texts, list) => ({
          title: texts.unsubscribedTitle,
          text: texts.unsubscribedText(list),
        }));
      },
    );
  };
