import { Select, type SelectProps } from '@mantine/core';
import { indiaStates } from '@/lib/india-states';

const stateOptions = indiaStates.map((state) => ({ value: state.code, label: `${state.code} ${state.name}` }));

/** A picker of India's states and union territories by GST state code ('27 Maharashtra'), searchable. */
export function StateSelect(props: Omit<SelectProps, 'data'>) {
  return <Select searchable data={stateOptions} nothingFoundMessage="No state by that name" {...props} />;
}
