import { useTranslation } from 'react-i18next';
import { LegalDocument } from './components/legal-document';
import { usePageMeta } from './components/use-page-meta';

/** /terms */
export function TermsPage() {
  const { t } = useTranslation('public');
  usePageMeta(t('meta.terms.title'), t('meta.terms.description'));
  return <LegalDocument document="terms" />;
}
