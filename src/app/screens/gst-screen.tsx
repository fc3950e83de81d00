import { PageHeader } from '@/components/page-header';
import { BusinessProfileSettings } from '@/features/gst/components/business-profile-settings';
import { CreditNotesSection } from '@/features/gst/components/credit-notes-section';
import { GstSection } from '@/features/gst/components/gst-section';
import { InvoicesSection } from '@/features/gst/components/invoices-section';

/** GST: the month's tax and GSTR-1 files, the invoices and credit notes, and the business they name. */
export function GstScreen() {
  return (
    <>
      <PageHeader title="GST" description="Your tax for each month, your invoices and credit notes." />
      <GstSection />
      <InvoicesSection />
      <CreditNotesSection />
      <BusinessProfileSettings />
    </>
  );
}
