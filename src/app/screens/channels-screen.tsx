import { PageHeader } from '@/components/page-header';
import { ChannelSettings } from '@/features/channels/components/channel-settings';
import { StockSync } from '@/features/channels/components/stock-sync';
import { ShopifySettings } from '@/features/shopify/components/shopify-settings';
import { WebsiteOrderRefusals } from '@/features/website-orders/components/website-order-refusals';
import { WebsiteOrdersSettings } from '@/features/website-orders/components/website-orders-settings';

/**
 * Channels: the stock files for each marketplace and their buffers, Shopify, and the orders your
 * own website sends. A product's marketplace SKUs are on its row in Products.
 */
export function ChannelsScreen() {
  return (
    <>
      <PageHeader
        title="Channels"
        description="Where you sell: stock files for each marketplace, your Shopify shop and your website's orders. A product's marketplace SKUs are in its details on Products."
      />
      <WebsiteOrderRefusals />
      <StockSync />
      <ChannelSettings />
      <ShopifySettings />
      <WebsiteOrdersSettings />
    </>
  );
}
