import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { createWebPages } from '../../plugins/web-pages';
import { findOpenSurvey, surveyLanguageOf } from './survey-answers.service';
import { notFoundLanguageOf, surveyNotFoundPage } from './survey-not-found-page';

/** The web build's survey page: its own small entry, not the app shell (apps/web/survey.html). */
const surveyPageFile = 'survey.html';

/**
 * `/s/:token`, the link in a survey invitation: the survey page for a sent, unexpired survey, and
 * for anything else a real 404 with a page saying so in the reader's language (or en, es and tr).
 * The page reads the survey itself from `GET /api/surveys/:token`.
 */
export const surveyPageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const pages = createWebPages(
      deps.config.webDistDir,
      deps.config.http.publicUrl,
      deps.config.siteContacts,
    );
    app.get(
      '/s/:token',
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: { hide: true, params: z.object({ token: z.string().max(200) }) },
      },
      async (request, reply) => {
        const survey = await findOpenSurvey(deps, request.params.token, new Date()).catch(
          (error: { statusCode?: number }) => {
            if (error.statusCode === 404) return null;
            throw error;
          },
        );
        const found = survey !== null;
        // A link in a message is private: keep it out of referrers, caches and search engines.
        reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
        // In the patient's language from the first byte, as the page's script will write it.
        if (found && pages.has(surveyPageFile))
          return pages.send(request, reply, surveyPageFile, 200, surveyLanguageOf(survey));
        if (found) {
          request.log.error('the web build has no survey.html: build the web app');
          return reply
            .status(503)
            .send({ error: { code: 'INTERNAL', message: 'The survey page is not built' } });
        }
        return reply
          .status(404)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('vary', 'accept-language')
          .send(surveyNotFoundPage(notFoundLanguageOf(request.headers['accept-language'])));
      },
    );
  };
