import { slugify } from '@careloop/domain/slug';
import type { CustomTypeOptions } from 'i18next';

const blogCategoryIds = [
  'patientCommunication',
  'practiceGrowth',
  'aiAutomation',
  'compliance',
  'caseStudies',
] as const;
export type BlogCategoryId = (typeof blogCategoryIds)[number];

type BlogTexts = CustomTypeOptions['resources'];
/** An article's id names its texts in both blog namespaces (card texts and paragraphs). */
type BlogArticleId = keyof BlogTexts['blog']['articles'] & keyof BlogTexts['blog-articles'];

type ArticleSource = {
  /** The key of the article's texts in the blog namespaces. */
  readonly id: BlogArticleId;
  /** The English title: the URL is built from it, so it stays the same in every language. */
  readonly title: string;
  readonly date: string;
  readonly readMinutes: number;
  readonly category: BlogCategoryId;
  readonly image: string;
};

const sources: readonly ArticleSource[] = [
  {
    id: 'aiPatientCommunication',
    title: 'AI Patient Communication',
    date: '2024-12-16',
    readMinutes: 8,
    category: 'aiAutomation',
    image: '/gallery/follow-up-conversation.svg',
  },
  {
    id: 'demoClinicCaseStudy',
    title: 'Case Study: How a Demo Dental Clinic Recovered Lost Revenue',
    date: '2024-12-09',
    readMinutes: 6,
    category: 'caseStudies',
    image: '/gallery/review-recovery-flow.svg',
  },
  {
    id: 'hipaaGdprMessaging',
    title: 'HIPAA and GDPR for Clinic Messaging',
    date: '2024-12-02',
    readMinutes: 7,
    category: 'compliance',
    image: '/gallery/security-badge.svg',
  },
  {
    id: 'reviewsToReferrals',
    title: 'Turning Happy Patients into Five-Star Reviews',
    date: '2024-11-25',
    readMinutes: 5,
    category: 'practiceGrowth',
    image: '/gallery/dashboard-preview.svg',
  },
  {
    id: 'whatsappVsSms',
    title: 'WhatsApp or SMS? Choosing the Right Channel',
    date: '2024-11-18',
    readMinutes: 5,
    category: 'patientCommunication',
    image: '/gallery/follow-up-conversation.svg',
  },
  {
    id: 'fiveFollowUps',
    title: 'Five Follow-Up Messages Every Clinic Should Send',
    date: '2024-11-11',
    readMinutes: 4,
    category: 'patientCommunication',
    image: '/gallery/follow-up-conversation.svg',
  },
  {
    id: 'catchUnhappyPatients',
    title: 'Catching Unhappy Patients Before They Post',
    date: '2024-11-04',
    readMinutes: 6,
    category: 'practiceGrowth',
    image: '/gallery/review-recovery-flow.svg',
  },
];

export type BlogArticle = ArticleSource & { readonly slug: string };

/** Newest first; the first is the featured article (/blog/ai-patient-communication). */
export const blogArticles: readonly BlogArticle[] = sources.map((source) => ({
  ...source,
  slug: slugify(source.title),
}));

/**
 * The categories with the number of articles each holds. The spec's figures (12/18/15/10/8) were
 * a mock-up's; a visitor who counts finds the articles that exist.
 */
export const blogCategories: readonly { id: BlogCategoryId; count: number }[] = blogCategoryIds.map((id) => ({
  id,
  count: blogArticles.filter((article) => article.category === id).length,
}));

export const featuredArticle = blogArticles[0]!;
export const recentArticles = blogArticles.slice(1);

/** The landing page's three teasers: a case study, compliance and marketing. */
export const landingTeaserIds = ['demoClinicCaseStudy', 'hipaaGdprMessaging', 'reviewsToReferrals'] as const;

export function findArticle(slug: string | undefined): BlogArticle | undefined {
  return blogArticles.find((article) => article.slug === slug);
}

export const articlePath = (article: BlogArticle) => `/blog/${article.slug}`;
