import {
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/localized-path';
import {
  articlePath,
  type BlogArticle,
  blogArticles,
  blogCategories,
  featuredArticle,
  recentArticles,
} from './blog-articles';
import { EmailSubscribeBox } from './components/email-subscribe-box';
import { formatDate } from './components/format';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';

function ArticleMeta({ article }: { article: BlogArticle }) {
  const { t, i18n } = useTranslation('blog');
  return (
    <Text fz="xs" c="dark.6">
      {t(`articles.${article.id}.author`)} ·{' '}
      <time dateTime={article.date}>{formatDate(article.date, i18n.language)}</time> ·{' '}
      {t('readTime', { minutes: article.readMinutes })}
    </Text>
  );
}

function ArticleCard({ article, headingLevel = 3 }: { article: BlogArticle; headingLevel?: 2 | 3 }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation('blog');
  return (
    <Card withBorder radius="md" padding="lg" component="article">
      <Card.Section>
        <Image src={article.image} alt="" width={1200} height={630} h={160} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
          {t(`categories.${article.category}`)}
        </Badge>
        <Title order={headingLevel} fz="h4">
          <Anchor component={Link} to={localize(articlePath(article))} c="dark.8">
            {t(`articles.${article.id}.title`)}
          </Anchor>
        </Title>
        <Text fz="sm" c="dark.6" style={{ flex: 1 }}>
          {t(`articles.${article.id}.excerpt`)}
        </Text>
        <ArticleMeta article={article} />
      </Stack>
    </Card>
  );
}

/** /blog: search, the featured article, six recent ones, categories, newsletter and tags. */
export function BlogPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['blog', 'public']);
  usePageMeta(t('public:meta.blog.title'), t('public:meta.blog.description'));
  const [query, setQuery] = useState('');
  const tags = translatedList(t('blog:tags', { returnObjects: true }));
  const needle = query.trim().toLocaleLowerCase();
  const matches = (article: BlogArticle) =>
    needle === '' ||
    [
      t(`articles.${article.id}.title`),
      t(`articles.${article.id}.excerpt`),
      t(`categories.${article.category}`),
    ]
      .join(' ')
      .toLocaleLowerCase()
      .includes(needle);
  const found = blogArticles.filter(matches);

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')}>
        <TextInput
          w="100%"
          maw={480}
          type="search"
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </PageHero>
      <Section>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {needle !== '' ? (
              <Stack gap="md">
                <Title order={2} fz="h3" aria-live="polite">
                  {t('searchResults', { value: found.length })}
                </Title>
                {found.length === 0 && <Text c="dark.6">{t('noResults')}</Text>}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {found.map((article) => (
                    <ArticleCard key={article.id} article={article} />
                  ))}
                </SimpleGrid>
              </Stack>
            ) : (
              <Stack gap="xl">
                <Stack gap="sm">
                  <Title order={2} fz="h3">
                    {t('featured')}
                  </Title>
                  <Card withBorder radius="md" padding="lg" component="article">
                    <Card.Section>
                      <Image
                        src={featuredArticle.image}
                        alt=""
                        width={1200}
                        height={630}
                        h={240}
                        fit="cover"
                      />
                    </Card.Section>
                    <Stack gap="xs" mt="md">
                      <Badge style={{ alignSelf: 'flex-start' }}>
                        {t(`categories.${featuredArticle.category}`)}
                      </Badge>
                      <Title order={3} fz="h2">
                        <Anchor component={Link} to={localize(articlePath(featuredArticle))} c="dark.8">
                          {t(`articles.${featuredArticle.id}.title`)}
                        </Anchor>
                      </Title>
                      <Text c="dark.6">{t(`articles.${featuredArticle.id}.excerpt`)}</Text>
                      <ArticleMeta article={featuredArticle} />
                    </Stack>
                  </Card>
                </Stack>
                <Stack gap="sm">
                  <Title order={2} fz="h3">
                    {t('recent')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {recentArticles.map((article) => (
                      <ArticleCard key={article.id} article={article} />
                    ))}
                  </SimpleGrid>
                </Stack>
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg">
                <Title order={2} fz="h4" mb="sm">
                  {t('categoriesTitle')}
                </Title>
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {blogCategories.map((category) => (
                    <Group key={category.id} component="li" justify="space-between">
                      <Text fz="sm">{t(`categories.${category.id}`)}</Text>
                      <Badge
                        variant="light"
                        color="gray"
                        aria-label={t('articleCount', { value: category.count })}
                      >
                        {category.count}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              </Card>
              <EmailSubscribeBox
                kind="newsletter"
                title={t('newsletter.title')}
                text={t('newsletter.text')}
                sentMessage={t('newsletter.sent')}
              />
              <Card withBorder radius="md" padding="lg">
                <Title order={2} fz="h4" mb="sm">
                  {t('tagsTitle')}
                </Title>
                <Group gap="xs">
                  {tags.map((tag) => (
                    <Badge key={tag} variant="outline" color="dark" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Section>
    </>
  );
}
