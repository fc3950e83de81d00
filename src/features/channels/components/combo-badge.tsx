import { Badge, Tooltip } from '@mantine/core';

/** Marks a combo in the product lists: its stock is what its parts make up now (issue 34). */
export function ComboBadge() {
  return (
    <Tooltip label="Stock shown is how many its parts make now">
      <Badge variant="light" color="grape" tt="none" size="sm">
        Combo
      </Badge>
    </Tooltip>
  );
}
