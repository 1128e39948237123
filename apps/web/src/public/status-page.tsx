import type { ServiceStatus } from '@careloop/contracts/public-site';
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemStatusQuery } from './api/system-status';
import { EmailSubscribeBox } from './components/email-subscribe-box';
import { PageHero, Section } from './components/page-hero';
import { StatusHistory } from './components/status-history';
import { usePageMeta } from './components/use-page-meta';

const look: Record<ServiceStatus, { color: string; Icon: typeof IconCircleCheck }> = {
  operational: { color: 'green', Icon: IconCircleCheck },
  'partial-outage': { color: 'yellow', Icon: IconAlertTriangle },
  'major-outage': { color: 'red', Icon: IconX },
  unknown: { color: 'gray', Icon: IconHelpCircle },
};

/** Spec vocabulary: anything the page does not know reads as unknown. */
function knownStatus(status: string): ServiceStatus {
  return status in look ? (status as ServiceStatus) : 'unknown';
}

function StatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation('status');
  return (
    <Badge color={look[status].color} variant="light" c={status === 'partial-outage' ? 'dark.8' : undefined}>
      {t(`states.${status}`)}
    </Badge>
  );
}

/**
 * /status: the state the running system measures (GET /api/status) with each service's daily
 * history, incidents and a subscribe box.
 */
export function StatusPage() {
  const { t, i18n } = useTranslation(['status', 'public']);
  usePageMeta(t('public:meta.status.title'), t('public:meta.status.description'));
  const { data, isPending, isError } = useQuery(systemStatusQuery());
  const overall = knownStatus(isError ? 'major-outage' : (data?.status ?? 'unknown'));
  const { Icon } = look[overall];
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' UTC';

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <Section size="md">
        <Stack gap="xl">
          {isPending ? (
            <Group justify="center" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t('checking')}</Text>
            </Group>
          ) : (
            <Alert
              color={look[overall].color}
              variant="light"
              icon={<Icon aria-hidden="true" />}
              title={isError ? t('unreachable.title') : t(`overall.${overall}`)}
              role="status"
            >
              {isError
                ? t('unreachable.text')
                : t('checkedAt', {
                    time: new Intl.DateTimeFormat(i18n.language, {
                      timeStyle: 'medium',
                      dateStyle: 'medium',
                    }).format(new Date(data.checkedAt)),
                  })}
            </Alert>
          )}
          {data && (
            <Stack gap="sm">
              <Title order={2} fz="h3">
                {t('servicesTitle')}
              </Title>
              {data.services.map((service) => {
                const status = knownStatus(service.status);
                return (
                  <Card key={service.id} withBorder radius="md" padding="md">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Title order={3} fz="md">
                          {t(`services.${service.id}.name`)}
                        </Title>
                        <Text fz="sm" c="dark.6">
                          {t(`services.${service.id}.description`)}
                        </Text>
                        {service.note ? (
                          <Text fz="sm" c="dark.8" mt={4}>
                            {t(`notes.${service.note}`)}
                          </Text>
                        ) : status === 'unknown' ? (
                          <Text fz="xs" c="dark.6" mt={4}>
                            {t('notMonitored')}
                          </Text>
                        ) : null}
                      </div>
                      <StatusBadge status={status} />
                    </Group>
                    {service.history && service.history.length > 0 ? (
                      <StatusHistory service={service} name={t(`services.${service.id}.name`)} />
                    ) : null}
                  </Card>
                );
              })}
              <Text fz="xs" c="dark.6">
                {t('uptimeNote')}
              </Text>
            </Stack>
          )}
          <Stack gap="sm">
            <Title order={2} fz="h3">
              {t('incidentsTitle')}
            </Title>
            {data && data.incidents.length > 0 ? (
              data.incidents.map((incident) => (
                <Card key={incident.id} withBorder radius="md" padding="md">
                  <Group justify="space-between">
                    <Text fw={600}>
                      {t('incident.title', {
                        service: t(`services.${incident.service}.name`),
                        state: t(`states.${incident.worstStatus}`),
                      })}
                    </Text>
                    <Badge
                      variant="light"
                      color={incident.status === 'resolved' ? 'green' : 'yellow'}
                      c="dark.8"
                    >
                      {t(`incidentStatus.${incident.status}`)}
                    </Badge>
                  </Group>
                  {incident.note && (
                    <Text fz="sm" c="dark.6">
                      {t(`notes.${incident.note}`)}
                    </Text>
                  )}
                  <Text fz="sm" c="dark.6">
                    {incident.resolvedAt
                      ? t('incident.resolvedTimes', {
                          start: when(incident.startedAt),
                          end: when(incident.resolvedAt),
                        })
                      : t('incident.openSince', { start: when(incident.startedAt) })}
                  </Text>
                </Card>
              ))
            ) : (
              <Text c="dark.6">{t('noIncidents')}</Text>
            )}
          </Stack>
          <SimpleGrid cols={1}>
            <EmailSubscribeBox
              kind="status_subscribe"
              title={t('subscribe.title')}
              text={t('subscribe.text')}
              sentMessage={t('subscribe.sent')}
            />
          </SimpleGrid>
        </Stack>
      </Section>
    </>
  );
}
