import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../../lib/localized-path';
import { reportError } from '../../lib/reporting';
import { paths } from '../../lib/routes';

/** 'Page not found' with a link home; logs each unknown path once as a 404. */
export function NotFoundPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  const loggedPath = useRef<string | null>(null);

  useEffect(() => {
    // The ref survives StrictMode's second effect run, so a path is reported once.
    if (loggedPath.current === pathname) return;
    loggedPath.current = pathname;
    void reportError({ errorType: 'page_not_found', error: '404', additionalContext: { pathname } });
  }, [pathname]);

  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brand.6" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to={localize(paths.home)}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
