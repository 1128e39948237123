import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';

type InfoTipProps = {
  /** The button's name ("How NPS is counted"). */
  label: string;
  /** The explanation: shown on hover, keyboard focus and touch, and read by screen readers. */
  text: string;
};

/**
 * An (i) button that explains what is next to it. A tooltip alone is invisible to screen readers,
 * so the same text is the button's description (aria-describedby).
 */
export function InfoTip({ label, text }: InfoTipProps) {
  const id = useId();
  return (
    <>
      <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label}
          aria-describedby={id}
          type="button"
        >
          <IconInfoCircle size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={id}>{text}</VisuallyHidden>
    </>
  );
}
