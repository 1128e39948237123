import { useTranslation } from 'react-i18next';
import { LegalDocument } from './components/legal-document';
import { usePageMeta } from './components/use-page-meta';

/** /privacy */
export function PrivacyPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('meta.privacy.title'), t('meta.privacy.description'));
  return <LegalDocument document="privacy" />;
}
