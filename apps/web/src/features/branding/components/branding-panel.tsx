import type { BrandingResponse } from '@careloop/contracts/branding';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { planMessages } from '@careloop/domain/plans';
import {
  Alert,
  Box,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useBranding, useRemoveLogo, useSaveBrandColor, useSaveLogo } from '../api/branding';
import { checkBrandColor, logoAccept, logoFileProblem, refusalMessage } from '../branding.utils';

/** The colour the survey page uses when the clinic sets none. */
const productColor = '#0b6b73';

/** Settings > Branding: the clinic's logo and colour on its patients' pages (Professional and Enterprise). */
export function BrandingPanel() {
  const { t } = useTranslation(['branding', 'plans', 'common']);
  const branding = useBranding();
  if (branding.data) {
    return (
      <Stack gap="lg">
        <LogoSection branding={branding.data} />
        <ColorSection branding={branding.data} />
      </Stack>
    );
  }
  if (branding.error instanceof ApiError && branding.error.code === 'PLAN_REQUIRED') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconCrown size={20} aria-hidden="true" />}
        title={t('title')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
          <Button component={Link} to={paths.pricing} size="sm">
            {t('upgrade')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (branding.isError) {
    return (
      <Alert color="red" title={apiErrorMessage(branding.error)}>
        <Button variant="light" color="red" onClick={() => void branding.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    );
  }
  return <Loader aria-label={t('loading')} />;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function useShowProblem() {
  const { t } = useTranslation('branding');
  return (error: unknown) => {
    const message = refusalMessage(error);
    showError({ title: message ? translateDomainMessage(t, message) : apiErrorMessage(error) });
  };
}

function LogoSection({ branding }: { branding: BrandingResponse }) {
  const { t } = useTranslation('branding');
  const saveLogo = useSaveLogo();
  const removeLogo = useRemoveLogo();
  const showProblem = useShowProblem();
  const [problem, setProblem] = useState<DomainMessage | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    const local = logoFileProblem(file);
    setProblem(local);
    if (local) return;
    saveLogo.mutate(file, {
      onSuccess: () => showSuccess({ title: t('logoSaved') }),
      onError: (error) => {
        setProblem(refusalMessage(error));
        showProblem(error);
      },
    });
  };

  return (
    <Section title={t('logo.title')} description={t('logo.description')}>
      {branding.logo ? (
        <Box p="sm" bg="gray.0" style={{ borderRadius: 8, alignSelf: 'flex-start' }}>
          <Image
            src={`/api/settings/branding/logo?v=${Date.parse(branding.logo.updatedAt)}`}
            alt={t('logo.preview')}
            mah={64}
            maw={192}
            fit="contain"
          />
        </Box>
      ) : (
        <Text size="sm">{t('logo.none')}</Text>
      )}
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {translateDomainMessage(t, problem)}
        </Text>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={onFile} accept={logoAccept}>
          {(props) => (
            <Button {...props} loading={saveLogo.isPending}>
              {branding.logo ? t('logo.replace') : t('logo.upload')}
            </Button>
          )}
        </FileButton>
        {branding.logo ? (
          <Button
            variant="default"
            loading={removeLogo.isPending}
            onClick={() =>
              removeLogo.mutate(undefined, {
                onSuccess: () => showSuccess({ title: t('logoRemoved') }),
                onError: showProblem,
              })
            }
          >
            {t('logo.remove')}
          </Button>
        ) : null}
      </Group>
    </Section>
  );
}

function ColorSection({ branding }: { branding: BrandingResponse }) {
  const { t } = useTranslation('branding');
  const [value, setValue] = useState(branding.brandColor ?? '');
  const [problem, setProblem] = useState<DomainMessage | null>(null);
  const saveColor = useSaveBrandColor();
  const showProblem = useShowProblem();
  const checked = checkBrandColor(value);
  const preview = checked.ok ? (checked.color ?? productColor) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    saveColor.mutate(checked.color, {
      onSuccess: () => showSuccess({ title: t('colorSaved') }),
      onError: (error) => {
        setProblem(refusalMessage(error));
        showProblem(error);
      },
    });
  };

  return (
    <Section title={t('color.title')} description={t('color.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" align="flex-start">
          <ColorInput
            label={t('color.label')}
            description={t('color.hint')}
            format="hex"
            withPicker={false}
            withEyeDropper={false}
            placeholder={productColor}
            value={value}
            onChange={setValue}
            error={problem ? translateDomainMessage(t, problem) : undefined}
            w={260}
          />
          {preview ? (
            <Box
              aria-hidden="true"
              px="md"
              py="xs"
              style={{ background: preview, color: '#fff', borderRadius: 8, fontWeight: 600 }}
            >
              {t('color.sample')}
            </Box>
          ) : null}
          <Button type="submit" loading={saveColor.isPending}>
            {t('color.save')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
