import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSectionRenderingStyle } from './below-the-first-screen';

type PageHeroProps = {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  children?: ReactNode;
};

/** The band at the top of every public page, holding its one h1. */
export function PageHero({ title, subtitle, eyebrow, children }: PageHeroProps) {
  return (
    <Box bg="brand.0" py={{ base: 40, sm: 64 }}>
      <Container size="md">
        <Stack gap="md" align="center" ta="center">
          {eyebrow && (
            <Text fw={600} c="brand.8" fz="sm" tt="uppercase">
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
            {title}
          </Title>
          {subtitle && (
            <Text fz={{ base: 'md', sm: 'lg' }} c="dark.6" maw={680}>
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

type SectionProps = {
  title?: string;
  subtitle?: string;
  children: ReactNode;
  /** A tinted band, to tell neighbouring sections apart. */
  tinted?: boolean;
  id?: string;
  size?: 'sm' | 'md' | 'lg';
};

/** A page section with an h2. */
export function Section({ title, subtitle, children, tinted, id, size = 'lg' }: SectionProps) {
  const renderingStyle = useSectionRenderingStyle();
  return (
    <Box
      component="section"
      id={id}
      bg={tinted ? 'gray.0' : undefined}
      py={{ base: 40, sm: 64 }}
      style={renderingStyle}
    >
      <Container size={size}>
        {(title || subtitle) && (
          <Stack gap="xs" align="center" ta="center" mb="xl">
            {title && (
              <Title order={2} fz={{ base: 24, sm: 32 }}>
                {title}
              </Title>
            )}
            {subtitle && (
              <Text c="dark.6" maw={680}>
                {subtitle}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Container>
    </Box>
  );
}
