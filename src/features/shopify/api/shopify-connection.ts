import { useQuery } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { shopifyKeys } from '../query-keys';
import { toUserError, UserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

type ConnectionStatus = Database['public']['Functions']['shopify_connection_status']['Returns'][number];
/**
 * What the owner may see of their Shopify connection: never the token, only its last four
 * characters. No location is null (generated types take a function's columns as not null).
 */
export type ShopifyConnection = Omit<ConnectionStatus, 'location_id'> & { location_id: string | null };

async function fetchShopifyConnection(): Promise<ShopifyConnection | null> {
  const { data, error } = await supabase.rpc('shopify_connection_status');
  if (error) throw toUserError(error);
  return data[0] ?? null;
}

export function useShopifyConnection() {
  return useQuery({ queryKey: shopifyKeys.shopifyConnection, queryFn: fetchShopifyConnection });
}

// Mirrors set_shopify_connection's refusals for instant feedback; the server still decides (and
// takes a pasted https://…/admin address, which it trims to the host).
const SHOP_HOST = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;
export const shopifyConnectionSchema = (connected: boolean) =>
  z.object({
    shop_domain: z
      .string()
      .trim()
      .min(1, 'Shop domain is required.')
      .refine(
        (value) => SHOP_HOST.test(value.toLowerCase().replace(/^https?:\/\/|\/.*$/g, '')),
        "Shop domain must be your shop's .myshopify.com address, like my-shop.myshopify.com.",
      ),
    // Blank keeps the saved token (the app never has it to show).
    access_token: z
      .string()
      .trim()
      .refine((value) => value !== '' || connected, 'Access token is required.')
      .refine(
        (value) => value === '' || /^[A-Za-z0-9_-]{20,200}$/.test(value),
        "Access token must be 20 to 200 letters, digits, _ or - (Shopify's start with shpat_).",
      ),
    location_id: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^(gid:\/\/shopify\/Location\/)?[0-9]{1,20}$/.test(value),
        'Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).',
      ),
  });
export type ShopifyConnectionForm = z.input<ReturnType<typeof shopifyConnectionSchema>>;
export type ShopifyConnectionInput = z.output<ReturnType<typeof shopifyConnectionSchema>>;

/** The form's values: the saved shop and location, never a token. */
export function shopifyConnectionDefaults(saved: ShopifyConnection | null): ShopifyConnectionForm {
  return { shop_domain: saved?.shop_domain ?? '', access_token: '', location_id: saved?.location_id ?? '' };
}

async function saveShopifyConnection(input: ShopifyConnectionInput) {
  await callRpc('set_shopify_connection', {
    shop_domain: input.shop_domain,
    access_token: input.access_token,
    location_id: input.location_id === '' ? undefined : input.location_id,
  });
}

export function useSaveShopifyConnection() {
  return useWrite({ write: saveShopifyConnection, tables: ['shopify_connections'] });
}

async function removeShopifyConnection() {
  await callRpc('remove_shopify_connection');
}

export function useRemoveShopifyConnection() {
  return useWrite({ write: removeShopifyConnection, tables: ['shopify_connections'] });
}

/** The shopify-inventory function's answer. */
export interface PushSummary {
  updated: number;
  not_found_skus: string[];
  errors: { skus: string[]; message: string }[];
}

/** Runs the push (the shopify-inventory Edge Function, with this session); a refusal keeps its message. */
async function pushStock(): Promise<PushSummary> {
  const { data, error } = await supabase.functions.invoke<PushSummary>('shopify-inventory', { body: {} });
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => null)) as { message?: string } | null;
    throw new UserError(body?.message ?? 'The push did not run; try again.');
  }
  if (error || !data) throw toUserError({ code: '', message: String(error?.message ?? 'no answer') });
  return data;
}

/** Pushes stock to Shopify: FactoryFlow's data does not change, so nothing is refreshed. */
export function usePushStock() {
  return useWrite({ write: pushStock, tables: [] });
}
