import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { websiteOrdersKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

export type WebsiteOrderRefusal = Pick<
  Tables<'website_order_refusals'>,
  'id' | 'shop_order_id' | 'sku' | 'quantity' | 'reason' | 'received_at'
>;

/** The newest first; more than this many waiting lines is a problem the owner already sees. */
const SHOWN = 100;

async function fetchWebsiteOrderRefusals(): Promise<WebsiteOrderRefusal[]> {
  const { data, error } = await supabase
    .from('website_order_refusals')
    .select('id, shop_order_id, sku, quantity, reason, received_at')
    .order('received_at', { ascending: false })
    .limit(SHOWN);
  if (error) throw toUserError(error);
  return data;
}

export function useWebsiteOrderRefusals() {
  return useQuery({
    queryKey: websiteOrdersKeys.websiteOrderRefusals,
    queryFn: fetchWebsiteOrderRefusals,
    // Refused lines are not in the realtime publication; an order that sold nothing sends no event.
    refetchInterval: 60_000,
  });
}

async function dismissWebsiteOrderRefusal(refusalId: string) {
  await callRpc('dismiss_website_order_refusal', { refusal_id: refusalId });
}

export function useDismissWebsiteOrderRefusal() {
  return useWrite({ write: dismissWebsiteOrderRefusal, tables: ['website_order_refusals'] });
}
