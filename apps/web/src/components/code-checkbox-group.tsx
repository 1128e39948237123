import { Checkbox, Stack, Text } from '@mantine/core';

type CodeCheckboxGroupProps<Code extends string> = {
  label: string;
  description: string;
  /** Every code that can be chosen, in the order shown and kept. */
  codes: readonly Code[];
  value: Code[];
  onChange: (value: Code[]) => void;
  /** What a code means, in words. */
  meaningOf: (code: Code) => string;
  error?: string;
};

/** A required choice of machine codes (API scopes, event types): each code in monospace, then what it means. */
export function CodeCheckboxGroup<Code extends string>({
  label,
  description,
  codes,
  value,
  onChange,
  meaningOf,
  error,
}: CodeCheckboxGroupProps<Code>) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      onChange={(values) => onChange(codes.filter((code) => values.includes(code)))}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {codes.map((code) => (
          <Checkbox
            key={code}
            value={code}
            label={
              <Text size="sm" component="span">
                <Text span ff="monospace" size="sm">
                  {code}
                </Text>{' '}
                — {meaningOf(code)}
              </Text>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
