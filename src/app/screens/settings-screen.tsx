import { Paper, Title } from '@mantine/core';
import { DataExports } from '@/features/exports/components/data-exports';
import { OperatorGstinSettings } from '@/features/settings/components/operator-gstin-settings';
import { PlatformFeesSettings } from '@/features/settings/components/platform-fees-settings';
import { WorkspaceSettings } from '@/features/workspace/components/workspace-settings';
import type { ScreenProps } from '../screens';

/**
 * Settings: the workspace, each platform's fees, claim window and payment cycle, each marketplace's
 * operator GSTIN, and your data.
 */
export function SettingsScreen({ user, openDialog }: ScreenProps) {
  return (
    <WorkspaceSettings user={user} onOpen={openDialog}>
      <Paper withBorder p="md" maw={800} mt="lg" component="section" aria-labelledby="platform-fees-title">
        <Title order={3} size="h4" mb="sm" id="platform-fees-title">
          Platform fees
        </Title>
        <PlatformFeesSettings />
      </Paper>
      <Paper withBorder p="md" maw={800} mt="lg" component="section" aria-labelledby="operator-gstins-title">
        <Title order={3} size="h4" mb="sm" id="operator-gstins-title">
          E-commerce operators
        </Title>
        <OperatorGstinSettings />
      </Paper>
      <DataExports />
    </WorkspaceSettings>
  );
}
