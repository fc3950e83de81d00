import { z } from 'zod';
import { Constants } from '@/lib/database.types';
import { textField } from '@/lib/form-fields';
import { aliasFieldRules } from './field-rules';

/** The platforms a marketplace SKU belongs to (every sales platform: the website's is Shopify's SKU). */
export const aliasPlatforms = Constants.public.Enums.sales_platform;

/** The one alias form (Marketplace SKUs on a product): set_sku_alias's checks, for instant feedback. */
export const aliasFormSchema = z.object({
  platform: z.enum(aliasPlatforms, { error: 'Choose a platform.' }),
  alias: textField(aliasFieldRules.alias).pipe(
    z.string().regex(/^[^\t\r\n]*$/, 'A marketplace SKU cannot hold a tab or a line break.'),
  ),
});
export type AliasForm = z.input<typeof aliasFormSchema>;
export type AliasFormInput = z.output<typeof aliasFormSchema>;

export const aliasFormDefaults = (): AliasForm => ({ platform: 'Amazon', alias: '' });
