import { type PublicPricingPlan, publicPricingPlans } from '@careloop/domain/plans';
import { siteSettings } from '../../lib/site-settings';

export type JsonLd = Record<string, unknown>;

// The build's pre-rendering has no document: the page rendered last leaves its structured data
// here, and the build writes it into the page's head for search engines (the browser needs none).
let rendered: JsonLd[] = [];

/** The structured data of the page rendered since the last call, each object once (the build reads it). */
export function takeRenderedStructuredData(): JsonLd[] {
  const unique = [...new Map(rendered.map((data) => [JSON.stringify(data), data])).values()];
  rendered = [];
  return unique;
}

/** Declares schema.org data for the page being rendered; nothing in the browser. */
export function useStructuredData(...data: JsonLd[]) {
  if (typeof document === 'undefined') rendered.push(...data);
}

const context = 'https://schema.org';

export function organizationData(): JsonLd {
  const { publicUrl } = siteSettings();
  return {
    '@context': context,
    '@type': 'Organization',
    name: 'CareLoop',
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
  };
}

/** CareLoop as sold: one Offer a plan, at the price the clinic pays a month (platform plus bundle). */
export function softwareApplicationData(
  description: string,
  plans: readonly PublicPricingPlan[] = publicPricingPlans,
): JsonLd {
  const { publicUrl } = siteSettings();
  return {
    '@context': context,
    '@type': 'SoftwareApplication',
    name: 'CareLoop',
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    description,
    url: publicUrl,
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: (plan.price.totalCents / 100).toFixed(2),
      priceCurrency: 'USD',
      url: `${publicUrl}/pricing`,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (plan.price.totalCents / 100).toFixed(2),
        priceCurrency: 'USD',
        unitCode: 'MON',
      },
    })),
  };
}

export function faqPageData(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function blogPostingData(article: {
  headline: string;
  description: string;
  author: string;
  datePublished: string;
  image: string;
  path: string;
  language: string;
}): JsonLd {
  const { publicUrl } = siteSettings();
  return {
    '@context': context,
    '@type': 'BlogPosting',
    headline: article.headline,
    description: article.description,
    author: { '@type': 'Person', name: article.author },
    datePublished: article.datePublished,
    image: `${publicUrl}${article.image}`,
    inLanguage: article.language,
    mainEntityOfPage: `${publicUrl}${article.path}`,
    publisher: { '@type': 'Organization', name: 'CareLoop' },
  };
}
