import { caseBuilders, MB, numberCases, PLATFORM_MESSAGE, rpcCase, type Case, type Fixture } from './support';

/** log_sale. */
export default function cases(f: Fixture): Case[] {
  const { sale } = caseBuilders(f);
  const list: Case[] = [];
  // log_sale ------------------------------------------------------------------------------------
  list.push(
    ...numberCases('log_sale', 'quantity', 'Quantity', sale, { minimum: '1', whole: true }),
    rpcCase(
      'log_sale',
      'quantity 1000000000',
      { ...sale, quantity: 1_000_000_000 },
      400,
      /^Not enough stock for .+\. Only \d+ available\.$/,
    ),
    rpcCase('log_sale', 'platform unknown', { ...sale, platform: 'eBay' }, 400, PLATFORM_MESSAGE),
    rpcCase('log_sale', 'platform lower case', { ...sale, platform: 'amazon' }, 400, PLATFORM_MESSAGE),
    rpcCase('log_sale', 'platform null', { ...sale, platform: null }, 400, PLATFORM_MESSAGE),
    rpcCase(
      'log_sale',
      'platform SQL text',
      { ...sale, platform: "Amazon'; delete from public.products; --" },
      400,
      PLATFORM_MESSAGE,
    ),
    rpcCase('log_sale', 'platform 1 MB', { ...sale, platform: MB }, 400, PLATFORM_MESSAGE),
    rpcCase('log_sale', 'product null', { ...sale, product_id: null }, 400, 'Product is required.'),
    rpcCase('log_sale', 'product unknown', { ...sale, product_id: crypto.randomUUID() }, 400, 'Product not found.'),
    rpcCase(
      'log_sale',
      'product not a uuid',
      { ...sale, product_id: 'kurta' },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase(
      'log_sale',
      'product SQL text',
      { ...sale, product_id: "' or 1=1 --" },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase('log_sale', 'product a number', { ...sale, product_id: 42 }, 400, /invalid input syntax for type uuid/),
    rpcCase('log_sale', 'quantity missing', { product_id: f.productId }, 404, /log_sale/),
  );

  return list;
}
