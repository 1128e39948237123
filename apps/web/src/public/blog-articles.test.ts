import { slugify } from '@careloop/domain/slug';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en/blog.json';
import { blogArticles, blogCategories, featuredArticle, findArticle, recentArticles } from './blog-articles';

describe('blog articles', () => {
  it('build each URL from the English title by the slug rule', () => {
    for (const article of blogArticles) {
      const title = en.articles[article.id as keyof typeof en.articles].title;
      expect(title).toBe(article.title);
      expect(article.slug).toBe(slugify(title));
    }
  });

  it('feature /blog/ai-patient-communication and list six recent articles', () => {
    expect(featuredArticle.slug).toBe('ai-patient-communication');
    expect(recentArticles).toHaveLength(6);
    expect(new Set(blogArticles.map((a) => a.slug)).size).toBe(blogArticles.length);
  });

  it('find an article by slug, and nothing for an unknown one', () => {
    expect(findArticle('ai-patient-communication')?.id).toBe('aiPatientCommunication');
    expect(findArticle('no-such-article')).toBeUndefined();
    expect(findArticle(undefined)).toBeUndefined();
  });

  it('count the articles each of the five categories holds', () => {
    expect(blogCategories).toEqual([
      { id: 'patientCommunication', count: 2 },
      { id: 'practiceGrowth', count: 2 },
      { id: 'aiAutomation', count: 1 },
      { id: 'compliance', count: 1 },
      { id: 'caseStudies', count: 1 },
    ]);
    expect(blogCategories.reduce((sum, c) => sum + c.count, 0)).toBe(blogArticles.length);
  });
});
