import {
  calculateCost,
  costCalculatorLimits,
  defaultCostCalculatorInput,
  type Region,
  regions,
} from '@careloop/domain/cost-calculator';
import { calculatorPlans, type PlanTier, planNames, planTiers } from '@careloop/domain/plans';
import {
  Alert,
  Card,
  Divider,
  Grid,
  Group,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBulb } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent, formatUsd } from './components/format';
import { PageHero, Section } from './components/page-hero';
import { PlanPriceBreakdown } from './components/plan-price-breakdown';
import { usePageMeta } from './components/use-page-meta';

/** A number field may be empty or half-typed; the estimate uses the nearest value in range. */
const clamp = (value: string, { min, max }: { min: number; max: number }) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : min;
};

/**
 * What a whole-number field keeps of a keystroke: digits only, never above the maximum (a plain text
 * field with the numeric keyboard: Mantine's NumberInput would add its number-format library to this
 * public page's first load).
 */
const wholeNumberInput = (typed: string, max: number) => {
  const digits = typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits !== '' && Number(digits) > max ? String(max) : digits;
};

function OutputRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fz="sm" c={strong ? undefined : 'dark.6'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} fz={strong ? 'xl' : 'sm'} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** /cost-calculator (spec 2 §2): inputs with their ranges, the estimate from the domain's calculator. */
export function CostCalculatorPage() {
  const { t, i18n } = useTranslation(['tools', 'public']);
  usePageMeta(t('public:meta.costCalculator.title'), t('public:meta.costCalculator.description'));
  const lang = i18n.language;
  const [patientsInput, setPatients] = useState(String(defaultCostCalculatorInput.patients));
  const [messagesInput, setMessagesPerPatient] = useState(
    String(defaultCostCalculatorInput.messagesPerPatient),
  );
  const patients = clamp(patientsInput, costCalculatorLimits.patients);
  const messagesPerPatient = clamp(messagesInput, costCalculatorLimits.messagesPerPatient);
  const [whatsappSharePercent, setWhatsappShare] = useState(defaultCostCalculatorInput.whatsappSharePercent);
  const [plan, setPlan] = useState<PlanTier>(defaultCostCalculatorInput.plan);
  const [region, setRegion] = useState<Region>(defaultCostCalculatorInput.region);
  const shareLabelId = useId();
  const planLabelId = useId();
  const regionLabelId = useId();

  const estimate = calculateCost({ patients, messagesPerPatient, whatsappSharePercent, plan, region });
  const usd = (cents: number) => formatUsd(cents, lang, { cents: true });
  const count = (value: number) => formatNumber(value, lang);

  return (
    <>
      <PageHero title={t('calculator.title')} subtitle={t('calculator.subtitle')} />
      <Section>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="lg">
                <Title order={2} fz="h3">
                  {t('calculator.inputsTitle')}
                </Title>
                <TextInput
                  label={t('calculator.patients')}
                  description={t('calculator.range', {
                    min: 1,
                    max: count(costCalculatorLimits.patients.max),
                  })}
                  inputMode="numeric"
                  autoComplete="off"
                  value={patientsInput}
                  onChange={(event) =>
                    setPatients(
                      wholeNumberInput(event.currentTarget.value, costCalculatorLimits.patients.max),
                    )
                  }
                />
                <TextInput
                  label={t('calculator.messagesPerPatient')}
                  description={t('calculator.range', {
                    min: 1,
                    max: costCalculatorLimits.messagesPerPatient.max,
                  })}
                  inputMode="numeric"
                  autoComplete="off"
                  value={messagesInput}
                  onChange={(event) =>
                    setMessagesPerPatient(
                      wholeNumberInput(
                        event.currentTarget.value,
                        costCalculatorLimits.messagesPerPatient.max,
                      ),
                    )
                  }
                />
                <div>
                  <Text id={shareLabelId} fz="sm" fw={500} mb={4}>
                    {t('calculator.whatsappShare', { percent: whatsappSharePercent })}
                  </Text>
                  <Slider
                    aria-labelledby={shareLabelId}
                    thumbLabel={t('calculator.whatsappShare', { percent: whatsappSharePercent })}
                    min={0}
                    max={100}
                    step={5}
                    value={whatsappSharePercent}
                    onChange={setWhatsappShare}
                    label={(value) => formatPercent(value, lang)}
                    marks={[0, 50, 100].map((value) => ({ value, label: formatPercent(value, lang) }))}
                    mb="md"
                  />
                </div>
                <div>
                  <Text id={planLabelId} fz="sm" fw={500} mb={4}>
                    {t('calculator.plan')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={planLabelId}
                    fullWidth
                    value={plan}
                    onChange={(value) => setPlan(value as PlanTier)}
                    data={planTiers.map((tier) => ({
                      value: tier,
                      label: `${planNames[tier]} · ${formatUsd(calculatorPlans[tier].price.totalCents, lang)}`,
                    }))}
                  />
                </div>
                <div>
                  <Text id={regionLabelId} fz="sm" fw={500} mb={4}>
                    {t('calculator.region')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={regionLabelId}
                    fullWidth
                    value={region}
                    onChange={(value) => setRegion(value as Region)}
                    data={regions.map((value) => ({ value, label: t(`calculator.regions.${value}`) }))}
                  />
                </div>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card
              withBorder
              radius="md"
              padding="lg"
              aria-live="polite"
              component="section"
              aria-labelledby="estimate-title"
            >
              <Stack gap="sm">
                <Title order={2} fz="h3" id="estimate-title">
                  {t('calculator.estimateTitle')}
                </Title>
                <OutputRow
                  label={t('calculator.projected')}
                  value={t('calculator.projectedValue', {
                    total: count(estimate.totalMessages),
                    whatsapp: count(estimate.projectedWhatsApp),
                    sms: count(estimate.projectedSms),
                  })}
                />
                <OutputRow
                  label={t('calculator.included')}
                  value={
                    plan === 'enterprise'
                      ? t('calculator.unlimited')
                      : t('calculator.includedValue', {
                          total: count(estimate.includedAllowance),
                          whatsapp: count(estimate.includedWhatsApp),
                          sms: count(estimate.includedSms),
                        })
                  }
                />
                <OutputRow
                  label={t('calculator.overage')}
                  value={t('calculator.messagesValue', { value: count(estimate.overageMessages) })}
                />
                <Divider />
                <OutputRow
                  label={t('calculator.planPrice')}
                  value={usd(estimate.planPriceCents)}
                  testId="plan-price"
                />
                <PlanPriceBreakdown price={calculatorPlans[plan].price} ta="right" mt={-12} fz="xs" />
                <OutputRow
                  label={t('calculator.overageBeforeDiscount')}
                  value={usd(estimate.overageCostBeforeDiscountCents)}
                />
                <OutputRow
                  label={t('calculator.volumeDiscount', { percent: estimate.volumeDiscountPercent })}
                  value={`−${usd(estimate.volumeDiscountCents)}`}
                />
                <OutputRow label={t('calculator.overageCost')} value={usd(estimate.overageCostCents)} />
                <Divider />
                <OutputRow label={t('calculator.total')} value={usd(estimate.totalCostCents)} strong />
                <Text fz="xs" c="dark.6">
                  {t('calculator.usage', { percent: formatNumber(estimate.usagePercent, lang, 1) })}
                </Text>
                {estimate.exceedsPatientLimit && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertTriangle aria-hidden="true" />}
                    title={t('calculator.patientLimit.title')}
                  >
                    {t('calculator.patientLimit.text')}
                  </Alert>
                )}
                {estimate.hints.showOverageWarning && (
                  <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
                    {t('calculator.hints.overageWarning')}
                  </Alert>
                )}
                {estimate.hints.cheaperPlan !== null && (
                  <Alert color="green" variant="light" icon={<IconBulb aria-hidden="true" />}>
                    {t('calculator.hints.cheaperPlan', {
                      plan: planNames[estimate.hints.cheaperPlan.plan],
                      total: usd(estimate.hints.cheaperPlan.totalCostCents),
                      amount: usd(estimate.hints.cheaperPlan.savingsCents),
                    })}
                  </Alert>
                )}
                {estimate.hints.showSavingsHint && estimate.hints.cheaperPlan === null && (
                  <Alert color="brand" variant="light" icon={<IconBulb aria-hidden="true" />}>
                    {t('calculator.hints.savings')}
                  </Alert>
                )}
              </Stack>
            </Card>
            <Text fz="xs" c="dark.6" mt="sm">
              {t('calculator.note')}
            </Text>
          </Grid.Col>
        </Grid>
      </Section>
    </>
  );
}
