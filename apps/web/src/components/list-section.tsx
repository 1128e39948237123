import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SettingsSection } from './settings-section';

type ListSectionProps<Item> = {
  title: string;
  description: string;
  /** Said in place of the list when there is nothing in it. */
  emptyText: string;
  items: readonly Item[];
  /** One list item (an `li`) for a record. */
  renderItem: (item: Item) => ReactNode;
};

/** A settings card listing records one per row, or saying there are none. */
export function ListSection<Item>({
  title,
  description,
  emptyText,
  items,
  renderItem,
}: ListSectionProps<Item>) {
  return (
    <SettingsSection title={title} description={description}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map(renderItem)}
        </Stack>
      )}
    </SettingsSection>
  );
}
