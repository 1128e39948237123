import { useTranslation } from 'react-i18next';
import { hydrateWhenVisible } from './components/hydrate-when-visible';
import { Section } from './components/page-hero';
import { PricingPlans } from './components/pricing-plans';
import { softwareApplicationData, useStructuredData } from './components/structured-data';
import { usePageMeta } from './components/use-page-meta';

// Below the plans, the page is past the first screen of a phone: it hydrates near the viewport, so
// the first load carries less JavaScript.
const LowerSections = hydrateWhenVisible('pricing-lower-sections', [], () =>
  import('./components/pricing-lower-sections').then((module) => ({
    default: module.PricingLowerSections,
  })),
);

/** /pricing: the three plans, the enterprise contracts and a way to estimate message costs. */
export function PricingPage() {
  const { t } = useTranslation(['pricing', 'public']);
  usePageMeta(t('public:meta.pricing.title'), t('public:meta.pricing.description'));
  useStructuredData(softwareApplicationData(t('public:meta.pricing.description')));
  return (
    <>
      <Section>
        <PricingPlans headingLevel={1} />
      </Section>
      <LowerSections />
    </>
  );
}
