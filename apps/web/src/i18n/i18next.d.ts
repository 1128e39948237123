// Typed translation keys: t() accepts only keys that exist in the English texts, so a renamed or
// mistyped key fails the typecheck instead of showing the raw key on screen.
import type account from './en/account.json';
import type analytics from './en/analytics.json';
import type audit from './en/audit.json';
import type auth from './en/auth.json';
import type blog from './en/blog.json';
import type blogArticles from './en/blog-articles.json';
import type branding from './en/branding.json';
import type cases from './en/cases.json';
import type common from './en/common.json';
import type company from './en/company.json';
import type conversations from './en/conversations.json';
import type credentials from './en/credentials.json';
import type dashboard from './en/dashboard.json';
import type enterprise from './en/enterprise.json';
import type errors from './en/errors.json';
import type followup from './en/followup.json';
import type hardening from './en/hardening.json';
import type landing from './en/landing.json';
import type legal from './en/legal.json';
import type monitoring from './en/monitoring.json';
import type onboarding from './en/onboarding.json';
import type operators from './en/operators.json';
import type patients from './en/patients.json';
import type plans from './en/plans.json';
import type pricing from './en/pricing.json';
import type product from './en/product.json';
import type public from './en/public.json';
import type reviews from './en/reviews.json';
import type settings from './en/settings.json';
import type shell from './en/shell.json';
import type status from './en/status.json';
import type surveyPage from './en/survey-page.json';
import type surveys from './en/surveys.json';
import type templates from './en/templates.json';
import type testing from './en/testing.json';
import type tools from './en/tools.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      analytics: typeof analytics;
      audit: typeof audit;
      auth: typeof auth;
      blog: typeof blog;
      'blog-articles': typeof blogArticles;
      branding: typeof branding;
      cases: typeof cases;
      common: typeof common;
      company: typeof company;
      conversations: typeof conversations;
      credentials: typeof credentials;
      dashboard: typeof dashboard;
      enterprise: typeof enterprise;
      errors: typeof errors;
      followup: typeof followup;
      hardening: typeof hardening;
      landing: typeof landing;
      legal: typeof legal;
      monitoring: typeof monitoring;
      onboarding: typeof onboarding;
      operators: typeof operators;
      patients: typeof patients;
      plans: typeof plans;
      pricing: typeof pricing;
      product: typeof product;
      public: typeof public;
      reviews: typeof reviews;
      settings: typeof settings;
      shell: typeof shell;
      status: typeof status;
      'survey-page': typeof surveyPage;
      surveys: typeof surveys;
      templates: typeof templates;
      testing: typeof testing;
      tools: typeof tools;
    };
  }
}
