import { IconPalette, IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandingPanel } from '../features/branding/components/branding-panel';
import { SettingsPage } from '../features/settings/settings-page';
import { SurveySettingsPanel } from '../features/surveys/components/survey-settings-panel';

/** Clinic Settings with the tabs of the features that live outside it: Surveys and Branding. */
export function SettingsWithFeatures() {
  const { t } = useTranslation(['surveys', 'branding']);
  return (
    <SettingsPage
      extraTabs={[
        { value: 'surveys', label: t('surveys:tab'), icon: IconStars, content: <SurveySettingsPanel /> },
        { value: 'branding', label: t('branding:tab'), icon: IconPalette, content: <BrandingPanel /> },
      ]}
    />
  );
}
