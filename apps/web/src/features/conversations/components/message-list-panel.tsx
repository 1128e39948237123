import { Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryLike, QueryState } from '../../../components/query-state';

type MessageListPanelProps<T> = {
  title: string;
  emptyText: string;
  errorText: string;
  query: QueryLike<T>;
  isEmpty: (data: T) => boolean;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  children: (data: T) => ReactNode;
};

/** One of the two lists: a titled panel, a 400 px scroll area (spec 2 §9) and Previous/Next. */
export function MessageListPanel<T>(props: MessageListPanelProps<T>) {
  const { t } = useTranslation(['conversations', 'common']);
  const titleId = useId();
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
          <QueryState
            query={props.query}
            errorTitle={props.errorText}
            loader={
              <Center h="100%" p="xl">
                <Loader size="sm" aria-label={t('common:loading')} />
              </Center>
            }
          >
            {(data) =>
              props.isEmpty(data) ? (
                <Center p="xl">
                  <Text c="dimmed">{props.emptyText}</Text>
                </Center>
              ) : (
                props.children(data)
              )
            }
          </QueryState>
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
