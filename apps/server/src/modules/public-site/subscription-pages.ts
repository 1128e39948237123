import { subscriptionTexts } from './subscription-texts';
import type { SubscriptionLocale } from './subscriptions.service';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The visitor's language from Accept-Language among ours, English otherwise. */
export function pageLocale(acceptLanguage: string | undefined): SubscriptionLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'en' || code === 'es' || code === 'tr') return code;
  }
  return 'en';
}

type PageInput = {
  locale: SubscriptionLocale;
  title: string;
  text: string;
  /** A button that posts the token back: a link opened by a mail scanner changes nothing. */
  form?: { action: string; token: string; button: string };
};

/** A small server-written page (no script): confirmation and unsubscribe steps, in one language. */
export function subscriptionPage({ locale, title, text, form }: PageInput): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="token" value="${escapeHtml(form.token)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · CareLoop</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2328;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#0b5cad;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${button}<p><a href="/">CareLoop</a></p></main></body></html>
`;
}

export const invalidLinkPage = (locale: SubscriptionLocale) =>
  subscriptionPage({
    locale,
    title: subscriptionTexts[locale].invalidTitle,
    text: subscriptionTexts[locale].invalidText,
  });
