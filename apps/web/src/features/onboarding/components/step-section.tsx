import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';

type StepSectionProps = {
  title: string;
  intro?: string;
  /** The heading takes focus when the step changes, so keyboard and screen-reader users follow. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** One wizard step: a labelled region with its heading, a short introduction and the fields. */
export function StepSection({ title, intro, headingRef, children }: StepSectionProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}
