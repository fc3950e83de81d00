import { Select } from '@mantine/core';
import { useProductPicker } from '@/features/catalogue/components/product-picker';

const ALL = 'all';

interface ProductFilterProps {
  /** The product the list shows runs of, or null for all. */
  value: string | null;
  onChange: (productId: string | null) => void;
}

/** The Manufacturing list's product filter; archived products too, as their past runs stay in the list. */
export function ProductFilter({ value, onChange }: ProductFilterProps) {
  const picker = useProductPicker({
    value: value ?? ALL,
    includeArchived: true,
    fixed: [{ value: ALL, label: 'All products' }],
  });
  return (
    <Select
      aria-label="Product"
      {...picker.selectProps}
      value={value ?? ALL}
      allowDeselect={false}
      onChange={(chosen) => onChange(chosen === ALL ? null : chosen)}
    />
  );
}
