import { planPrices } from '@careloop/domain/plans';
import { describe, expect, it } from 'vitest';
import { blogPostingData, faqPageData, softwareApplicationData } from './structured-data';

describe('structured data', () => {
  it('offers each plan at the price the clinic pays, read from the one price table', () => {
    const offers = softwareApplicationData('Follow-ups').offers as { name: string; price: string }[];
    expect(offers.map(({ name, price }) => [name, price])).toEqual([
      ['Starter', (planPrices.starter.totalCents / 100).toFixed(2)],
      ['Professional', (planPrices.professional.totalCents / 100).toFixed(2)],
      ['Enterprise', (planPrices.enterprise.totalCents / 100).toFixed(2)],
    ]);
    expect(offers.map(({ price }) => price)).toEqual(['227.00', '457.00', '917.00']);
  });

  it('writes a FAQ as questions with their accepted answers', () => {
    expect(faqPageData([{ question: 'Q1?', answer: 'A1.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } }],
    });
  });

  it('addresses an article and its image on this site', () => {
    const data = blogPostingData({
      headline: 'H',
      description: 'D',
      author: 'Ana',
      datePublished: '2026-03-02',
      image: '/gallery/a.svg',
      path: '/es/blog/a',
      language: 'es',
    });
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      image: `${window.location.origin}/gallery/a.svg`,
      mainEntityOfPage: `${window.location.origin}/es/blog/a`,
      author: { '@type': 'Person', name: 'Ana' },
      inLanguage: 'es',
    });
  });
});
