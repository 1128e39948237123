import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { articlePath, blogArticles } from '../public/blog-articles';
import { clientRoutePatterns } from './client-routes';

describe('clientRoutePatterns', () => {
  const patterns = clientRoutePatterns(routes);

  it('lists the pages of both layouts, with their parameters', () => {
    for (const path of [
      '/',
      '/pricing',
      '/login',
      '/email-confirmation',
      '/digest/unsubscribe',
      '/dashboard',
      '/patients/:id',
    ]) {
      expect(patterns).toContain(path);
    }
  });

  it('lists each blog article instead of any slug', () => {
    expect(patterns).not.toContain('/blog/:slug');
    for (const article of blogArticles) expect(patterns).toContain(articlePath(article));
  });

  it('lists the public pages at their language URLs, and no signed-in page there', () => {
    for (const path of ['/es', '/tr', '/es/pricing', '/tr/pricing', '/es/login', '/tr/signup']) {
      expect(patterns).toContain(path);
    }
    for (const article of blogArticles) expect(patterns).toContain(`/es${articlePath(article)}`);
    expect(patterns).not.toContain('/es/blog/:slug');
    expect(patterns).not.toContain('/es/dashboard');
    expect(patterns).not.toContain('/es/');
  });

  it('leaves out the catch-alls and the routes that only show Not found', () => {
    expect(patterns.some((path) => path.includes('*'))).toBe(false);
    expect(patterns).toContain('/monitoring');
    expect(patterns).toContain('/security-hardening');
    expect(patterns).toContain('/enterprise-compliance');
    expect(patterns).not.toContain('/404');
  });
});
