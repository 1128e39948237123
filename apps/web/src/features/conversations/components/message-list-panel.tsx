import { Alert, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type MessageListPanelProps = {
  title: string;
  emptyText: string;
  errorText: string;
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onRetry: () => void;
  children: ReactNode;
};

/** One of the two lists: a titled panel, a 400 px scroll area (spec 2 §9) and Previous/Next. */
export function MessageListPanel(props: MessageListPanelProps) {
  const { t } = useTranslation(['conversations', 'common']);
  const titleId = useId();
  let body: ReactNode;
  if (props.isPending) {
    body = (
      <Center h="100%" p="xl">
        <Loader size="sm" aria-label={t('common:loading')} />
      </Center>
    );
  } else if (props.isError) {
    body = (
      <Alert color="red" title={props.errorText} m="xs">
        <Button variant="light" color="red" size="xs" onClick={props.onRetry}>
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (props.isEmpty) {
    body = (
      <Center p="xl">
        <Text c="dimmed">{props.emptyText}</Text>
      </Center>
    );
  } else {
    body = props.children;
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {props.title}
        </Title>
        {/* Focusable so that keyboard users can scroll it (axe: scrollable-region-focusable). */}
        <ScrollArea
          h={400}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-labelledby': titleId }}
        >
          {body}
        </ScrollArea>
        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
            disabled={!props.hasPrevious}
            onClick={props.onPrevious}
          >
            {t('pager.previous')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('pager.page', { page: props.page })}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={16} aria-hidden="true" />}
            disabled={!props.hasNext}
            onClick={props.onNext}
          >
            {t('pager.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
