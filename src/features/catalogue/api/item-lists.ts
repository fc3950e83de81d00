import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PRODUCT_COLUMNS, toProduct, type Product } from './products';
import { RAW_MATERIAL_COLUMNS, toRawMaterial, type RawMaterial } from './raw-materials';
import { pageRange, type ListState, type Page } from '@/lib/list-state';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export interface ItemFilters {
  lowStockOnly: boolean;
  includeArchived: boolean;
}

export type ProductSort = 'created_at' | 'sku' | 'product_name' | 'category' | 'selling_price' | 'stock_on_hand';
export type RawMaterialSort = 'created_at' | 'material_name' | 'supplier' | 'cost_per_unit' | 'stock_level';

/** The order item lists start in (as added, oldest first), as a phone's sort menu names it. */
export const asAdded = { label: 'As added', sort: { by: 'created_at', ascending: true } } as const;

/** Oldest first, as the lists always were; active items only. */
export function initialItemList<Sort extends string>(sort: Sort): ListState<ItemFilters, Sort> {
  return {
    page: 1,
    pageSize: 25,
    search: '',
    filters: { lowStockOnly: false, includeArchived: false },
    sort: { by: sort, ascending: true },
  };
}

const amount = z.coerce.number();
const listedProduct = z.object({
  id: z.string(),
  sku: z.string(),
  product_name: z.string(),
  category: z.string().nullable(),
  selling_price: amount,
  stock_on_hand: amount,
  reorder_point: amount,
  archived_at: z.string().nullable(),
  // What it is counted in (issue 45): pcs, m or kg.
  unit_of_measure: z.string(),
  // A combo (issue 34): its stock is what its parts make up now.
  is_combo: z.boolean().default(false),
});
/** A variant's style, its values as the catalogue import's options cell ("Size: M; Colour: Red"); nulls without one. */
const productStyle = z.object({
  style_id: z.string().nullable(),
  style_name: z.string().nullable(),
  options: z.string().nullable(),
});
const productPage = z.object({ total: z.number(), rows: z.array(listedProduct.extend(productStyle.shape)) });
const rawMaterialPage = z.object({
  total: z.number(),
  rows: z.array(
    z.object({
      id: z.string(),
      material_name: z.string(),
      supplier: z.string().nullable(),
      cost_per_unit: amount,
      stock_level: amount,
      unit_of_measure: z.string(),
      reorder_point: amount,
      archived_at: z.string().nullable(),
    }),
  ),
});

export type ListedProduct = z.infer<typeof listedProduct>;
export type ProductStyle = z.infer<typeof productStyle>;
export type ListedRawMaterial = z.infer<typeof rawMaterialPage>['rows'][number];
/** Which items, in which order: a list's state without its page. */
export type ItemQuery<Sort extends string> = Pick<ListState<ItemFilters, Sort>, 'search' | 'filters' | 'sort'>;
/** A page of any size up to 1,000: the list's choice, or an export's. */
type PageChoice = { page: number; pageSize: number };

/** The arguments list_products and list_raw_materials share, from a list's state. */
function listArgs({ search, filters, sort, page, pageSize }: ItemQuery<string> & PageChoice) {
  const { offset, limit } = pageRange({ page, pageSize });
  return {
    search,
    low_stock_only: filters.lowStockOnly,
    include_archived: filters.includeArchived,
    sort_by: sort.by,
    ascending: sort.ascending,
    page_size: limit,
    page_offset: offset,
  };
}

/** A page of the products a list's search, filters and order select: the list's, or its CSV export's. */
export async function fetchListedProducts(
  query: ItemQuery<ProductSort>,
  page: PageChoice,
): Promise<Page<ListedProduct & ProductStyle>> {
  const args = listArgs({ ...query, ...page });
  const { data, error } = await supabase.rpc('list_products', args);
  if (error) throw toUserError(error);
  return { ...productPage.parse(data), offset: args.page_offset };
}

/** The same for raw materials. */
export async function fetchListedRawMaterials(
  query: ItemQuery<RawMaterialSort>,
  page: PageChoice,
): Promise<Page<ListedRawMaterial>> {
  const args = listArgs({ ...query, ...page });
  const { data, error } = await supabase.rpc('list_raw_materials', args);
  if (error) throw toUserError(error);
  return { ...rawMaterialPage.parse(data), offset: args.page_offset };
}

/** A row of the Products list: a product, and whether it is a combo (issue 34). */
export type ProductRow = Product & Pick<ListedProduct, 'is_combo'>;

async function fetchProductPage(state: ListState<ItemFilters, ProductSort>): Promise<Page<ProductRow>> {
  const page = await fetchListedProducts(state, state);
  return { ...page, rows: page.rows.map((row) => ({ ...toProduct(row), is_combo: row.is_combo })) };
}

async function fetchRawMaterialPage(state: ListState<ItemFilters, RawMaterialSort>): Promise<Page<RawMaterial>> {
  const page = await fetchListedRawMaterials(state, state);
  return { ...page, rows: page.rows.map(toRawMaterial) };
}

/** One page of the products the list state selects; the previous page stays up while it loads. */
export function useProductPage(state: ListState<ItemFilters, ProductSort>) {
  return useQuery({
    queryKey: [...catalogueKeys.products, 'page', state],
    queryFn: () => fetchProductPage(state),
    placeholderData: keepPreviousData,
  });
}

export function useRawMaterialPage(state: ListState<ItemFilters, RawMaterialSort>) {
  return useQuery({
    queryKey: [...catalogueKeys.rawMaterials, 'page', state],
    queryFn: () => fetchRawMaterialPage(state),
    placeholderData: keepPreviousData,
  });
}

/** Whether any item is archived (so the "Show archived" switch has something to show). */
export function useAnyArchived(table: 'products' | 'raw_materials') {
  return useQuery({
    queryKey: [...(table === 'products' ? catalogueKeys.products : catalogueKeys.rawMaterials), 'any-archived'],
    queryFn: async () => {
      const { count, error } = await supabase
        .from(table)
        .select('id', { count: 'exact', head: true })
        .not('archived_at', 'is', null);
      if (error) throw toUserError(error);
      return (count ?? 0) > 0;
    },
  });
}

/** The cache keys of a picker's options and of one product (under products, so product changes refresh them). */
export const productOptionsKey = (search: string, includeArchived: boolean, producibleOnly = false) =>
  [...catalogueKeys.products, 'options', search, includeArchived, producibleOnly] as const;
export const productKey = (productId: string | null) => [...catalogueKeys.products, 'one', productId] as const;

export const materialOptionsKey = (search: string) => [...catalogueKeys.rawMaterials, 'options', search] as const;
export const materialKey = (materialId: string | null) => [...catalogueKeys.rawMaterials, 'one', materialId] as const;

/** How many items a picker offers at once; typing searches the rest on the server. */
const PICKER_OPTIONS = 20;

/**
 * The products a picker offers for what was typed (name or SKU), by name: one small page, however
 * many products there are. The last options stay up while the next arrive.
 */
export function useProductOptions(search: string, includeArchived: boolean, producibleOnly = false) {
  return useQuery({
    queryKey: productOptionsKey(search, includeArchived, producibleOnly),
    queryFn: async () => {
      const query = {
        search,
        filters: { lowStockOnly: false, includeArchived },
        sort: { by: 'product_name', ascending: true },
      } as const;
      const { rows } = await fetchListedProducts(query, { page: 1, pageSize: PICKER_OPTIONS });
      // A combo is never produced (its parts are): start_production refuses it (issue 34).
      return producibleOnly ? rows.filter((row) => !row.is_combo) : rows;
    },
    placeholderData: keepPreviousData,
  });
}

/** One product, kept live like every product query: what a picker shows as chosen, and its stock and price. */
export function useProduct(productId: string | null) {
  return useQuery({
    queryKey: productKey(productId),
    queryFn:
      productId === null
        ? skipToken
        : async () => {
            const { data, error } = await supabase
              .from('products')
              .select(PRODUCT_COLUMNS)
              .eq('id', productId)
              .maybeSingle();
            if (error) throw toUserError(error);
            return data && toProduct(data);
          },
  });
}

/** The active materials a BOM row offers for what was typed (name or supplier), by name: one small page. */
export function useMaterialOptions(search: string) {
  return useQuery({
    queryKey: materialOptionsKey(search),
    queryFn: async () => {
      const query = {
        search,
        filters: { lowStockOnly: false, includeArchived: false },
        sort: { by: 'material_name', ascending: true },
      } as const;
      return (await fetchListedRawMaterials(query, { page: 1, pageSize: PICKER_OPTIONS })).rows;
    },
    placeholderData: keepPreviousData,
  });
}

/** One material, archived or not: what a BOM row shows as chosen. */
export function useMaterial(materialId: string | null) {
  return useQuery({
    queryKey: materialKey(materialId),
    queryFn:
      materialId === null
        ? skipToken
        : async () => {
            const { data, error } = await supabase
              .from('raw_materials')
              .select(RAW_MATERIAL_COLUMNS)
              .eq('id', materialId)
              .maybeSingle();
            if (error) throw toUserError(error);
            return data && toRawMaterial(data);
          },
  });
}
