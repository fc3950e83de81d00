import { Switch } from '@mantine/core';

interface ShowArchivedSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether any item is archived: until one is, the switch would change nothing and stays hidden. */
  anyArchived: boolean;
}

/** "Show archived" above a list of products or materials. */
export function ShowArchivedSwitch({ checked, onChange, anyArchived }: ShowArchivedSwitchProps) {
  if (!checked && !anyArchived) return null;
  return <Switch label="Show archived" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />;
}
