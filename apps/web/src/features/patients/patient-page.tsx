import type { PatientDetail, TimelineItem } from '@careloop/contracts/patients';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconMessage,
  IconMoodSmile,
  IconPencil,
  IconStar,
  IconTicket,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useClinicTimeZone } from '../../lib/current-user';
import { paths } from '../../lib/routes';
import { usePatient } from './api/get-patient';
import { usePatientTimeline } from './api/get-patient-timeline';
import { PatientAliasesCard } from './components/patient-aliases-card';
import { PatientFormModal } from './components/patient-form-modal';
import { StatusBadge } from './components/status-badge';
import {
  caseStatusKeys,
  channelLabel,
  deliveryStatusKeys,
  procedureLabel,
  timelineStateLabel,
} from './patients.utils';

const icons = { review: IconStar, case: IconTicket, message: IconMessage, survey: IconMoodSmile } as const;

function BackToPatients() {
  const { t } = useTranslation('patients');
  return (
    <Anchor component={Link} to={paths.patients} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/** One patient: details, Edit Patient, and the timeline of reviews, cases and messages. */
export function PatientPage() {
  const { t } = useTranslation('patients');
  const id = useParams().id ?? '';
  const patient = usePatient(id);
  // Asked beside the patient, not after it.
  const timeline = usePatientTimeline(id);
  return (
    <QueryState
      query={patient}
      errorTitle={t('errors.loadFailed')}
      notFound={
        <Stack gap="md">
          <BackToPatients />
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {t('detail.notFound')}
          </Alert>
        </Stack>
      }
    >
      {(p) => <PatientDetails patient={p} timeline={timeline} />}
    </QueryState>
  );
}

function PatientDetails({
  patient: p,
  timeline,
}: {
  patient: PatientDetail;
  timeline: ReturnType<typeof usePatientTimeline>;
}) {
  const { t, i18n } = useTranslation(['patients', 'conversations']);
  const [isEditing, setIsEditing] = useState(false);
  const timeZone = useClinicTimeZone();
  const formatDate = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
          new Date(iso),
        )
      : '—';
  // A procedure date is a day of the clinic's calendar ('YYYY-MM-DD'): shown as that day, in any zone.
  const formatCalendarDate = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${date}T00:00:00Z`),
        )
      : '—';

  const facts = [
    [t('form.email'), p.email ?? '—'],
    [t('form.phone'), p.phone ?? '—'],
    [
      t('form.procedure'),
      p.procedure
        ? `${procedureLabel(t, p.procedure)}${p.procedureOriginal ? ` (${t('form.procedureAsImported', { text: p.procedureOriginal })})` : ''}`
        : '—',
    ],
    [t('detail.procedureDate'), formatCalendarDate(p.procedureDate)],
    [t('detail.added'), formatDate(p.createdAt)],
    [t('form.comment'), p.comment ?? '—'],
  ] as const;

  const describe = (item: TimelineItem) => {
    switch (item.kind) {
      case 'review':
        return {
          title: t('timeline.review', { rating: item.rating }),
          body: [item.title, item.text].filter(Boolean).join(' — '),
          badge: null,
        };
      case 'case':
        return {
          title: t('timeline.case', { title: item.title }),
          body: '',
          badge: timelineStateLabel(t, caseStatusKeys, item.status),
        };
      case 'message':
        return {
          title: t('timeline.message', { channel: channelLabel(t, item.channel) }),
          body: item.content,
          badge: timelineStateLabel(t, deliveryStatusKeys, item.deliveryStatus),
        };
      case 'survey':
        return {
          title: t('timeline.survey', { score: item.score }),
          body: item.comment ?? '',
          badge: null,
        };
    }
  };

  return (
    <Stack gap="lg">
      <BackToPatients />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {p.name}
          </Title>
          <StatusBadge status={p.status} />
        </Group>
        <Button
          variant="default"
          leftSection={<IconPencil size={18} aria-hidden="true" />}
          onClick={() => setIsEditing(true)}
        >
          {t('actions.edit')}
        </Button>
      </Group>

      {p.automatedMessagesPaused && (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('detail.messagesPaused.title')}
          role="status"
        >
          <Stack gap={4}>
            <Text size="sm">{t('detail.messagesPaused.body')}</Text>
            <Anchor component={Link} to={paths.cases} size="sm">
              {t('detail.messagesPaused.openCase')}
            </Anchor>
          </Stack>
        </Alert>
      )}

      <Card withBorder radius="md">
        <Stack gap="xs" component="dl" m={0}>
          {facts.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="wrap" align="flex-start">
              <Text component="dt" fw={600} size="sm" miw={140}>
                {label}
              </Text>
              <Text
                component="dd"
                size="sm"
                m={0}
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>

      <PatientAliasesCard patientId={p.id} />

      <Stack gap="sm">
        <Title order={2}>{t('timeline.title')}</Title>
        <QueryState
          query={timeline}
          errorTitle={t('errors.loadFailed')}
          loader={<Text c="dimmed">{t('timeline.loading')}</Text>}
        >
          {(data) =>
            data.items.length === 0 ? (
              <Text c="dimmed">{t('timeline.empty')}</Text>
            ) : (
              <Timeline bulletSize={28} lineWidth={2}>
                {data.items.map((item) => {
                  const Icon = icons[item.kind];
                  const text = describe(item);
                  return (
                    <Timeline.Item
                      key={`${item.kind}-${item.id}`}
                      bullet={<Icon size={16} aria-hidden="true" />}
                      title={
                        <Group gap="xs" wrap="wrap">
                          <Text fw={600} size="sm">
                            {text.title}
                          </Text>
                          {text.badge ? (
                            <Badge size="sm" variant="outline">
                              {text.badge}
                            </Badge>
                          ) : null}
                        </Group>
                      }
                    >
                      {text.body ? (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {text.body}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        <time dateTime={item.at}>{formatDate(item.at)}</time>
                      </Text>
                    </Timeline.Item>
                  );
                })}
              </Timeline>
            )
          }
        </QueryState>
      </Stack>

      <PatientFormModal opened={isEditing} patient={p} onClose={() => setIsEditing(false)} />
    </Stack>
  );
}
