import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants } from '@/lib/database.types';
import { numberField } from '@/lib/form-fields';
import { channelsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';
import type { SalesPlatform } from '../lib/stock-files';
import { bufferFieldRules } from './field-rules';

/** A platform's buffer: units held back from what it is told, plus a percent of the rest (rounded up). */
export interface ChannelBuffer {
  platform: SalesPlatform;
  buffer_units: number;
  buffer_percent: number;
}

export const noBuffer = (platform: SalesPlatform): ChannelBuffer => ({ platform, buffer_units: 0, buffer_percent: 0 });

export function useChannelBuffers() {
  return useQuery({
    queryKey: channelsKeys.channelSettings,
    queryFn: async () => {
      const { data, error } = await supabase.from('channel_settings').select('platform, buffer_units, buffer_percent');
      if (error) throw toUserError(error);
      // Numeric columns may arrive as strings from the REST layer.
      return new Map<SalesPlatform, ChannelBuffer>(
        data.map((row) => [
          row.platform,
          {
            platform: row.platform,
            buffer_units: Number(row.buffer_units),
            buffer_percent: Number(row.buffer_percent),
          },
        ]),
      );
    },
  });
}

/** The one buffer form: set_channel_buffer's checks, for instant feedback; the server still decides. */
export const bufferFormSchema = z.object({
  platform: z.enum(Constants.public.Enums.sales_platform, { error: 'Choose a platform.' }),
  buffer_units: numberField(bufferFieldRules.units),
  buffer_percent: numberField(bufferFieldRules.percent),
});
export type BufferForm = z.input<typeof bufferFormSchema>;
export type BufferInput = z.output<typeof bufferFormSchema>;

export function useSetChannelBuffer() {
  return useWrite({
    write: (input: BufferInput) => callRpc('set_channel_buffer', input),
    tables: ['channel_settings'],
  });
}
