import { ActionIcon, Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandX, IconMail } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { contactIf, siteContacts } from '../../lib/site-settings';

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

/** The company's profiles and general address, each shown only when the deployer set it. */
const socialLinks = [
  { labelKey: 'footer.social.linkedin', contact: 'linkedin', Icon: IconBrandLinkedin },
  { labelKey: 'footer.social.x', contact: 'x', Icon: IconBrandX },
  { labelKey: 'footer.social.email', contact: 'hello', Icon: IconMail },
] as const;

function FooterAnchor({ labelKey, to }: FooterLink) {
  const { t } = useTranslation('public');
  const localize = useLocalizedPath();
  return (
    <Anchor component={Link} to={localize(to)} c="dimmed" fz="sm" underline="hover">
      {t(labelKey)}
    </Anchor>
  );
}

export function PublicFooter() {
  const { t } = useTranslation('public');
  const contacts = siteContacts();
  const shownSocial = socialLinks.filter(({ contact }) => contacts[contact]);
  return (
    <Box component="footer" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandLogo />
            <Text fz="sm" c="dimmed">
              {t('footer.blurb')}
            </Text>
            {contacts.address && (
              <Text fz="sm" c="dimmed" component="address" fs="normal" {...contactIf('address')}>
                {contacts.address}
              </Text>
            )}
            {shownSocial.length > 0 && (
              <Group gap="xs" {...contactIf(...socialLinks.map(({ contact }) => contact))}>
                {shownSocial.map(({ labelKey, contact, Icon }) => (
                  <ActionIcon
                    key={labelKey}
                    component="a"
                    href={contact === 'hello' ? `mailto:${contacts.hello}` : contacts[contact]}
                    variant="subtle"
                    color="dark"
                    size="lg"
                    aria-label={t(labelKey)}
                    {...contactIf(contact)}
                    {...(contact === 'hello' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                  >
                    <Icon size={20} aria-hidden="true" />
                  </ActionIcon>
                ))}
              </Group>
            )}
          </Stack>
          {columns.map((column) => (
            <Stack key={column.titleKey} gap="xs" component="nav" aria-label={t(column.titleKey)}>
              <Text component="h2" fz="sm" fw={700} tt="uppercase" c="dark.7">
                {t(column.titleKey)}
              </Text>
              {column.links.map((link) => (
                <FooterAnchor key={link.labelKey} {...link} />
              ))}
              {column.titleKey === 'footer.support.title' && contacts.support && (
                <Anchor
                  href={`mailto:${contacts.support}`}
                  c="dimmed"
                  fz="sm"
                  underline="hover"
                  {...contactIf('support')}
                >
                  {t('footer.support.email')}
                </Anchor>
              )}
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
            {/* A year is digits, not a quantity: no grouping mark. */}
            {t('footer.copyright', { year: String(new Date().getFullYear()) })}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
