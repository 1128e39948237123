import { Group, Text } from '@mantine/core';

type BrandMarkProps = {
  /** Pixel size of the square mark. */
  size?: number;
};

/** The recovery-loop mark: an arrow closing a circle. Decorative; pair it with the name. */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
      <path
        d="M22.5 11.5a8 8 0 1 0 1.3 7.4"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M24.5 6.5v6h-6"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type BrandLogoProps = {
  size?: number;
  tagline?: string;
};

/** Mark plus the product name, with an optional tagline under it. */
export function BrandLogo({ size = 32, tagline }: BrandLogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <BrandMark size={size} />
      <div>
        <Text fw={800} fz="lg" lh={1.1} c="dark.8">
          CareLoop
        </Text>
        {tagline ? (
          <Text fz="xs" c="dimmed" lh={1.2}>
            {tagline}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
