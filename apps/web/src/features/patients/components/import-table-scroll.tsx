import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide import table that scrolls on a phone. Its scrolling region is focusable and named, so
 * keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ImportTableScroll({
  label,
  minWidth,
  maxHeight,
  children,
}: {
  label: string;
  minWidth: number;
  maxHeight: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
