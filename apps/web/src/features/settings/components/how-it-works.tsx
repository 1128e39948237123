import { List, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconClock, IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';

const steps = [
  { key: 'ingest', icon: IconClock },
  { key: 'cases', icon: IconClipboardList },
  { key: 'crossSell', icon: IconHeartHandshake },
] as const;

/** What happens to reviews once a source is connected (stated, not performed, by this page). */
export function HowItWorks() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('howItWorks.title')}>
      <List spacing="sm" center>
        {steps.map(({ key, icon: StepIcon }) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon variant="light" color="brand" size={28} radius="xl">
                <StepIcon size={16} aria-hidden="true" />
              </ThemeIcon>
            }
          >
            {t(`howItWorks.${key}`)}
          </List.Item>
        ))}
      </List>
    </SettingsSection>
  );
}
