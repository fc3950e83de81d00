import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Tables } from '@/lib/database.types';
import { env } from '@/lib/env';
import { websiteOrdersKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

/** The owner's webhook as a client may read it: never its signing secret. */
export type WebsiteWebhook = Pick<
  Tables<'website_webhooks'>,
  'endpoint_token' | 'secret_source' | 'created_at' | 'secret_changed_at'
>;

/** What create_website_webhook answers, the only time the secret is shown. */
export interface NewWebsiteWebhook {
  endpoint_token: string;
  signing_secret: string;
}

/** The URL the shop posts orders to: the website-orders Edge Function of this project. */
export function websiteWebhookUrl(endpointToken: string): string {
  return `${env.VITE_SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/website-orders/${endpointToken}`;
}

async function fetchWebsiteWebhook(): Promise<WebsiteWebhook | null> {
  const { data, error } = await supabase
    .from('website_webhooks')
    .select('endpoint_token, secret_source, created_at, secret_changed_at')
    .maybeSingle();
  if (error) throw toUserError(error);
  return data;
}

export function useWebsiteWebhook() {
  return useQuery({ queryKey: websiteOrdersKeys.websiteWebhook, queryFn: fetchWebsiteWebhook });
}

async function createWebsiteWebhook(): Promise<NewWebsiteWebhook> {
  const { data, error } = await supabase.rpc('create_website_webhook');
  if (error) throw toUserError(error);
  const created = data[0];
  if (!created) throw new Error('The webhook was not created; try again.');
  return created;
}

/** Creates the webhook, or replaces its URL and secret (the old ones stop working at once). */
export function useCreateWebsiteWebhook() {
  return useWrite({ write: createWebsiteWebhook, tables: ['website_webhooks'] });
}

// Mirrors set_website_webhook_secret's refusal for instant feedback; the server still decides.
export const signingSecretSchema = z.object({
  signing_secret: z
    .string()
    .trim()
    .min(1, 'Signing secret is required.')
    .regex(/^\S{16,200}$/, 'Signing secret must be 16 to 200 characters without spaces.'),
});
export type SigningSecretForm = z.input<typeof signingSecretSchema>;

async function setWebsiteWebhookSecret(input: z.output<typeof signingSecretSchema>) {
  await callRpc('set_website_webhook_secret', input);
}

export function useSetWebsiteWebhookSecret() {
  return useWrite({ write: setWebsiteWebhookSecret, tables: ['website_webhooks'] });
}
