import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

interface SearchInputProps {
  /** The search the list runs now. */
  value: string;
  /** Called once typing pauses, so a query goes out per pause rather than per keystroke. */
  onChange: (search: string) => void;
  label: string;
  placeholder: string;
}

export function SearchInput({ value, onChange, label, placeholder }: SearchInputProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback(onChange, 300);
  // A search cleared or changed from outside (another list state) shows here too: adjusted while
  // rendering, as React advises, rather than in an effect that renders twice.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (text.trim() !== value.trim()) setText(value);
  }

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value.trim());
      }}
      rightSection={
        text !== '' && (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              search.cancel();
              onChange('');
            }}
          />
        )
      }
    />
  );
}
