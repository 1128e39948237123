import { ActionIcon, Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandX, IconMail } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { useLocalizedPath } from '../../lib/localized-path';
import { contactEmail, paths, supportEmail } from '../../lib/routes';

type FooterLink = { labelKey: ParseKeys<'public'>; to: string };

const columns: { titleKey: ParseKeys<'public'>; links: FooterLink[] }[] = [
  {
    titleKey: 'footer.product.title',
    links: [
      { labelKey: 'footer.product.features', to: paths.features },
      { labelKey: 'footer.product.pricing', to: paths.pricing },
      { labelKey: 'footer.product.integrations', to: paths.integrations },
      { labelKey: 'footer.product.api', to: paths.api },
    ],
  },
  {
    titleKey: 'footer.company.title',
    links: [
      { labelKey: 'footer.company.about', to: paths.about },
      { labelKey: 'footer.company.blog', to: paths.blog },
      { labelKey: 'footer.company.careers', to: paths.careers },
      { labelKey: 'footer.company.contact', to: paths.contact },
    ],
  },
  {
    titleKey: 'footer.support.title',
    links: [
      { labelKey: 'footer.support.help', to: paths.help },
      { labelKey: 'footer.support.docs', to: paths.docs },
      { labelKey: 'footer.support.email', to: `mailto:${supportEmail}` },
      { labelKey: 'footer.support.status', to: paths.status },
    ],
  },
];

const legalLinks: FooterLink[] = [
  { labelKey: 'footer.legal.privacy', to: paths.privacy },
  { labelKey: 'footer.legal.terms', to: paths.terms },
  { labelKey: 'footer.legal.security', to: paths.security },
  { labelKey: 'footer.legal.hipaa', to: paths.compliance },
];

// TODO(marketing): confirm the company's social profile addresses.
const socialLinks: { labelKey: ParseKeys<'public'>; href: string; Icon: typeof IconMail }[] = [
  {
    labelKey: 'footer.social.linkedin',
    href: 'https://www.linkedin.com/company/careloop',
    Icon: IconBrandLinkedin,
  },
  { labelKey: 'footer.social.x', href: 'https://x.com/careloop', Icon: IconBrandX },
  { labelKey: 'footer.social.email', href: `mailto:${contactEmail}`, Icon: IconMail },
];

function FooterAnchor({ labelKey, to }: FooterLink) {
  const { t } = useTranslation('public');
  const localize = useLocalizedPath();
  const isExternal = to.startsWith('mailto:');
  return isExternal ? (
    <Anchor href={to} c="dimmed" fz="sm" underline="hover">
      {t(labelKey)}
    </Anchor>
  ) : (
    <Anchor component={Link} to={localize(to)} c="dimmed" fz="sm" underline="hover">
      {t(labelKey)}
    </Anchor>
  );
}

export function PublicFooter() {
  const { t } = useTranslation('public');
  return (
    <Box component="footer" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandLogo />
            <Text fz="sm" c="dimmed">
              {t('footer.blurb')}
            </Text>
            <Group gap="xs">
              {socialLinks.map(({ labelKey, href, Icon }) => (
                <ActionIcon
                  key={labelKey}
                  component="a"
                  href={href}
                  variant="subtle"
                  color="dark"
                  size="lg"
                  aria-label={t(labelKey)}
                  {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <Icon size={20} aria-hidden="true" />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.titleKey} gap="xs" component="nav" aria-label={t(column.titleKey)}>
              <Text component="h2" fz="sm" fw={700} tt="uppercase" c="dark.7">
                {t(column.titleKey)}
              </Text>
              {column.links.map((link) => (
                <FooterAnchor key={link.labelKey} {...link} />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="md">
          <Group gap="md" component="nav" aria-label={t('footer.legal.label')}>
            {legalLinks.map((link) => (
              <FooterAnchor key={link.labelKey} {...link} />
            ))}
          </Group>
          <Text fz="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
