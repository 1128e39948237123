import { ActionIcon, Alert, AppShell, Button, Drawer, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconActivity,
  IconAlertCircle,
  IconLayoutSidebar,
  IconLogout,
  IconShieldCheck,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLoader } from '../../components/page-loader';
import { ErrorBoundary } from '../../features/errors/error-boundary';
import { ApiError } from '../../lib/api-client';
import { authClient } from '../../lib/auth-client';
import { currentUserKeys, useCurrentUser } from '../../lib/current-user';
import { showError, showSuccess } from '../../lib/notifications';
import { paths } from '../../lib/routes';
import { isSessionIdleError, rememberIdleSignOut } from '../../lib/session-end';
import {
  isSidebarShortcut,
  mobileMediaQuery,
  readSidebarState,
  sidebarWidth,
  writeSidebarState,
} from './sidebar.utils';
import { SidebarNav } from './sidebar-nav';
import { useAccountLanguage } from './use-account-language';
import { useIdleSignOut } from './use-idle-sign-out';

// The usage upgrade dialog (spec 2 §2): its code loads after the shell, never in its way.
const UsagePrompt = lazy(() =>
  import('../../features/billing/components/usage-prompt').then((m) => ({ default: m.UsagePrompt })),
);

/** Sign-out answers that still mean the session is gone (specification: ignored). */
const signedOutStatuses = new Set([401, 403, 404]);

/** The signed-in shell: sticky top bar, collapsible sidebar (a drawer below 768px), main area. */
export function AppShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const currentUser = useCurrentUser();
  const isMobile = useMediaQuery(mobileMediaQuery, false, { getInitialValueInEffect: false });
  const [isDesktopOpen, setIsDesktopOpen] = useState(() => readSidebarState(document.cookie) ?? true);
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  useEffect(() => {
    writeSidebarState(isDesktopOpen);
  }, [isDesktopOpen]);

  // A followed link closes the drawer.
  useEffect(() => {
    void pathname;
    setIsMobileOpen(false);
  }, [pathname]);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setIsMobileOpen((open) => !open);
    else setIsDesktopOpen((open) => !open);
  }, [isMobile]);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [toggleSidebar]);

  const handleSignOut = async () => {
    try {
      const { error } = await authClient.signOut();
      if (error && !signedOutStatuses.has(error.status)) {
        showError({ title: t('shell:signOutFailed') });
        return;
      }
    } catch {
      showError({ title: t('shell:signOutFailed') });
      return;
    }
    queryClient.clear();
    showSuccess({ title: t('shell:signedOut.title'), message: t('shell:signedOut.message') });
    navigate(paths.login, { replace: true });
  };

  const signOutForIdle = useCallback(() => {
    rememberIdleSignOut();
    queryClient.clear();
    void authClient.signOut().catch(() => undefined);
    navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
  useIdleSignOut(currentUser.data?.clinic.idleTimeoutMinutes, {
    onIdle: signOutForIdle,
    keepAlive: () => void queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
  });

  const me = currentUser.data;
  const saveAccountLanguage = useAccountLanguage(me?.user.language);
  const isSidebarOpen = isMobile ? isMobileOpen : isDesktopOpen;

  let content: React.ReactNode;
  if (currentUser.isPending) {
    content = <PageLoader />;
  } else if (currentUser.error instanceof ApiError && currentUser.error.status === 401) {
    if (isSessionIdleError(currentUser.error)) rememberIdleSignOut();
    content = <Navigate to={paths.login} replace />;
  } else if (currentUser.error) {
    const isNoClinic = currentUser.error instanceof ApiError && currentUser.error.code === 'NO_CLINIC';
    content = (
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} maw={640}>
        <Text>{isNoClinic ? t('common:errors.NO_CLINIC') : t('shell:loadFailed')}</Text>
        {isNoClinic ? null : (
          <Button mt="sm" size="xs" variant="default" onClick={() => void currentUser.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        )}
      </Alert>
    );
  } else {
    content = (
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <Suspense fallback={null}>
          <UsagePrompt />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: isDesktopOpen ? sidebarWidth.expanded : sidebarWidth.collapsed,
        breakpoint: 'sm',
        collapsed: { mobile: true },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={t('shell:topbar.shortcut')}>
              <ActionIcon
                variant="subtle"
                color="dark"
                size="lg"
                onClick={toggleSidebar}
                aria-label={t('shell:topbar.toggleSidebar')}
                aria-expanded={isSidebarOpen}
                aria-keyshortcuts="Control+B Meta+B"
              >
                <IconLayoutSidebar size={22} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Text fw={600} truncate="end">
              {me?.clinic.name ?? ''}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher onChoose={(language) => void saveAccountLanguage(language)} />
            <Menu position="bottom-end" withinPortal={false}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  size="lg"
                  radius="xl"
                  aria-label={t('shell:topbar.accountMenu')}
                >
                  <IconUserCircle size={26} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  component={Link}
                  to={paths.accountSecurity}
                  leftSection={<IconShieldLock size={16} aria-hidden="true" />}
                >
                  {t('shell:topbar.security')}
                </Menu.Item>
                {/* Spec 2 §2: these two routes are not in the sidebar; owners and admins reach them here. */}
                {me && me.role !== 'staff' ? (
                  <>
                    <Menu.Item
                      component={Link}
                      to={paths.monitoring}
                      leftSection={<IconActivity size={16} aria-hidden="true" />}
                    >
                      {t('shell:topbar.monitoring')}
                    </Menu.Item>
                    <Menu.Item
                      component={Link}
                      to={paths.securityHardening}
                      leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
                    >
                      {t('shell:topbar.securityHardening')}
                    </Menu.Item>
                  </>
                ) : null}
                <Menu.Item
                  leftSection={<IconLogout size={16} aria-hidden="true" />}
                  onClick={() => void handleSignOut()}
                >
                  {t('shell:topbar.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      {isMobile ? (
        <Drawer
          opened={isMobileOpen}
          onClose={() => setIsMobileOpen(false)}
          size={sidebarWidth.mobile}
          padding={0}
          withCloseButton={false}
          title={t('shell:sidebar.label')}
          styles={{ header: { display: 'none' } }}
        >
          <nav aria-label={t('shell:sidebar.label')} style={{ height: '100dvh' }}>
            <SidebarNav
              isCollapsed={false}
              isOperator={me?.isOperator}
              onSignOut={() => void handleSignOut()}
            />
          </nav>
        </Drawer>
      ) : (
        <AppShell.Navbar aria-label={t('shell:sidebar.label')}>
          <SidebarNav
            isCollapsed={!isDesktopOpen}
            isOperator={me?.isOperator}
            onSignOut={() => void handleSignOut()}
          />
        </AppShell.Navbar>
      )}

      <AppShell.Main id="main">{content}</AppShell.Main>
    </AppShell>
  );
}
