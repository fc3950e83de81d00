import { useQuery } from '@tanstack/react-query';
import { workspaceKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/** Whether the workspace holds anything yet: one product or raw material is enough to say so. */
async function workspaceHasData(): Promise<boolean> {
  const [products, materials] = await Promise.all([
    supabase.from('products').select('id').limit(1),
    supabase.from('raw_materials').select('id').limit(1),
  ]);
  const error = products.error ?? materials.error;
  if (error) throw toUserError(error);
  return (products.data?.length ?? 0) + (materials.data?.length ?? 0) > 0;
}

export function useWorkspaceHasData() {
  return useQuery({ queryKey: workspaceKeys.workspaceHasData, queryFn: workspaceHasData });
}
