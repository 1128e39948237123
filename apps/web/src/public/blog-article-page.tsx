import { Anchor, Badge, Container, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { useLocalizedPath } from '../lib/localized-path';
import { paths } from '../lib/routes';
import { findArticle } from './blog-articles';
import { EmailSubscribeBox } from './components/email-subscribe-box';
import { formatDate } from './components/format';
import { blogPostingData, useStructuredData } from './components/structured-data';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

/** /blog/:slug; a slug that names no article shows the not-found page. */
export function BlogArticlePage() {
  const localize = useLocalizedPath();
  const { slug } = useParams();
  const article = findArticle(slug);
  const { t, i18n } = useTranslation(['blog', 'blog-articles', 'public']);
  usePageMeta(
    article ? t(`articles.${article.id}.title`) : t('public:meta.blogArticleFallback'),
    article ? t(`articles.${article.id}.excerpt`) : '',
    article ? { type: 'article' } : undefined,
  );
  const { pathname } = useLocation();
  useStructuredData(
    ...(article
      ? [
          blogPostingData({
            headline: t(`articles.${article.id}.title`),
            description: t(`articles.${article.id}.excerpt`),
            author: t(`articles.${article.id}.author`),
            datePublished: article.date,
            image: article.image,
            path: pathname,
            language: i18n.language,
          }),
        ]
      : []),
  );
  if (!article) return <NotFoundPage />;
  const paragraphs = translatedList(t(`blog-articles:${article.id}`, { returnObjects: true }));
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }} component="article">
      <Stack gap="md">
        <Anchor component={Link} to={localize(paths.blog)} fz="sm">
          <IconArrowLeft size={14} aria-hidden="true" /> {t('backToBlog')}
        </Anchor>
        <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
          {t(`categories.${article.category}`)}
        </Badge>
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {t(`articles.${article.id}.title`)}
        </Title>
        <Text c="dark.6">
          {t(`articles.${article.id}.author`)} ·{' '}
          <time dateTime={article.date}>{formatDate(article.date, i18n.language)}</time> ·{' '}
          {t('readTime', { minutes: article.readMinutes })}
        </Text>
        <Image src={article.image} alt="" width={1200} height={630} radius="md" />
        <Text fz="lg" fw={500}>
          {t(`articles.${article.id}.excerpt`)}
        </Text>
        {paragraphs.map((paragraph) => (
          <Text key={paragraph} lh={1.7}>
            {paragraph}
          </Text>
        ))}
        <EmailSubscribeBox
          kind="newsletter"
          title={t('newsletter.title')}
          text={t('newsletter.text')}
          sentMessage={t('newsletter.sent')}
        />
      </Stack>
    </Container>
  );
}
