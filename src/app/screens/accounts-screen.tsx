import { PageHeader } from '@/components/page-header';
import { TallyExportSection } from '@/features/gst/components/tally-export-section';

/**
 * Accounts: what the accountant takes away (issue 46), a screen of its own so that GST and
 * Settings each stay within four phone heights.
 */
export function AccountsScreen() {
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your books for your accountant, in the formats their software imports."
      />
      <TallyExportSection />
    </>
  );
}
