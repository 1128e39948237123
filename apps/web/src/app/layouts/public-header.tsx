import { Anchor, Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';

/** Sticky public header; below 48em the links fold into a menu that is open or closed. */
export function PublicHeader() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('public');
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const menuId = useId();

  // A followed link closes the menu.
  useEffect(() => {
    void pathname;
    menu.close();
  }, [pathname, menu.close]);

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={localize(paths.home)} underline="never" aria-label={t('header.home')}>
            <BrandLogo />
          </Anchor>
          <Group gap="sm" visibleFrom="sm" component="nav" aria-label={t('header.navLabel')}>
            <Anchor
              component={Link}
              to={localize(paths.pricing)}
              c="dark.7"
              fw={500}
              underline="hover"
              px="xs"
            >
              {t('header.pricing')}
            </Anchor>
            <Anchor component={Link} to={localize(paths.login)} c="dark.7" fw={500} underline="hover" px="xs">
              {t('header.login')}
            </Anchor>
            <LanguageSwitcher />
            <Button component={Link} to={localize(paths.signup)}>
              {t('header.getStarted')}
            </Button>
          </Group>
          <Group gap="xs" hiddenFrom="sm" wrap="nowrap">
            <LanguageSwitcher />
            <Burger
              opened={isMenuOpen}
              onClick={menu.toggle}
              aria-label={isMenuOpen ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
            />
          </Group>
        </Group>
      </Container>
      <Collapse expanded={isMenuOpen} hiddenFrom="sm" id={menuId}>
        <Stack
          component="nav"
          aria-label={t('header.navLabel')}
          gap="xs"
          p="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Anchor component={Link} to={localize(paths.pricing)} c="dark.7" fw={500} py={6}>
            {t('header.pricing')}
          </Anchor>
          <Anchor component={Link} to={localize(paths.login)} c="dark.7" fw={500} py={6}>
            {t('header.login')}
          </Anchor>
          <Button component={Link} to={localize(paths.signup)} fullWidth>
            {t('header.getStarted')}
          </Button>
        </Stack>
      </Collapse>
    </Box>
  );
}
