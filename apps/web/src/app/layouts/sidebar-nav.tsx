import { ActionIcon, Box, Button, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconBug,
  IconBuildingSkyscraper,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconInbox,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconRobot,
  IconRocket,
  IconSettings,
  IconStar,
  IconUsers,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandLogo, BrandMark } from '../../components/brand-mark';
import { paths } from '../../lib/routes';

type SidebarEntry = { labelKey: ParseKeys<'shell'>; to: string; icon: Icon };

const sidebarEntries: readonly SidebarEntry[] = [
  { labelKey: 'sidebar.dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { labelKey: 'sidebar.analytics', to: paths.analytics, icon: IconChartBar },
  { labelKey: 'sidebar.onboarding', to: paths.onboarding, icon: IconRocket },
  { labelKey: 'sidebar.patients', to: paths.patients, icon: IconUsers },
  { labelKey: 'sidebar.reviews', to: paths.reviews, icon: IconStar },
  { labelKey: 'sidebar.cases', to: paths.cases, icon: IconClipboardList },
  { labelKey: 'sidebar.conversations', to: paths.conversations, icon: IconMessages },
  { labelKey: 'sidebar.followUp', to: paths.followUpAutomation, icon: IconRobot },
  { labelKey: 'sidebar.enterprise', to: paths.enterpriseCompliance, icon: IconBuildingSkyscraper },
  { labelKey: 'sidebar.testingChecklist', to: paths.testingChecklist, icon: IconChecklist },
  { labelKey: 'sidebar.settings', to: paths.settings, icon: IconSettings },
];

/** Shown to the service's operators only (OPERATOR_EMAILS), after the clinic's own pages. */
const operatorSidebarEntries: readonly SidebarEntry[] = [
  { labelKey: 'sidebar.leads', to: paths.adminLeads, icon: IconInbox },
  { labelKey: 'sidebar.clientErrors', to: paths.adminClientErrors, icon: IconBug },
];

/** The sidebar's content; the caller supplies the `<nav>` landmark (AppShell.Navbar or the drawer). */
type SidebarNavProps = {
  /** Icons only (3rem wide); each keeps its name as aria-label and tooltip. */
  isCollapsed: boolean;
  onSignOut: () => void;
  /** Runs the service: the internal pages are listed too. */
  isOperator?: boolean;
};

export function SidebarNav({ isCollapsed, onSignOut, isOperator = false }: SidebarNavProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const entries = isOperator ? [...sidebarEntries, ...operatorSidebarEntries] : sidebarEntries;

  return (
    <Stack h="100%" gap={0} justify="space-between">
      <Box px={isCollapsed ? 6 : 'sm'} py="sm">
        {isCollapsed ? <BrandMark size={36} /> : <BrandLogo tagline={t('sidebar.tagline')} />}
      </Box>
      <ScrollArea style={{ flex: 1 }} type="scroll">
        <Box px={isCollapsed ? 6 : 'xs'}>
          <Stack gap={2}>
            {entries.map(({ labelKey, to, icon: EntryIcon }) =>
              isCollapsed ? (
                <Tooltip key={to} label={t(labelKey)} position="right" withArrow>
                  <ActionIcon
                    component={RouterNavLink}
                    to={to}
                    size={36}
                    variant={isActive(to) ? 'light' : 'subtle'}
                    color={isActive(to) ? 'brand' : 'dark'}
                    aria-label={t(labelKey)}
                  >
                    <EntryIcon size={20} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <NavLink
                  key={to}
                  component={RouterNavLink}
                  to={to}
                  label={t(labelKey)}
                  active={isActive(to)}
                  leftSection={<EntryIcon size={20} aria-hidden="true" />}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ),
            )}
          </Stack>
        </Box>
      </ScrollArea>
      <Box px={isCollapsed ? 6 : 'xs'} py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {isCollapsed ? (
          <Tooltip label={t('sidebar.signOut')} position="right" withArrow>
            <ActionIcon
              size={36}
              variant="subtle"
              color="dark"
              onClick={onSignOut}
              aria-label={t('sidebar.signOut')}
            >
              <IconLogout size={20} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant="subtle"
            color="dark"
            fullWidth
            justify="flex-start"
            leftSection={<IconLogout size={20} aria-hidden="true" />}
            onClick={onSignOut}
          >
            {t('sidebar.signOut')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
