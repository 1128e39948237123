import { Box } from '@mantine/core';

/** A code block; code is not translated. Scrolls sideways on narrow screens; reachable by keyboard. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      p="md"
      m={0}
      bg="dark.8"
      c="gray.0"
      fz="sm"
      style={{ borderRadius: 8, overflowX: 'auto', whiteSpace: 'pre' }}
    >
      <code>{code}</code>
    </Box>
  );
}
