import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { saveFile, useExportUserData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

export const EXPORT_FAILED = 'Your data could not be exported. Please try again.';

/** Settings › Danger Zone (spec §2): take your data with you, or delete the account. */
export function DangerZoneCard({ email }: { email: string }) {
  const exportData = useExportUserData();
  const [deleting, setDeleting] = useState(false);

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (file) => {
        saveFile(file);
        toast({ title: 'Data Exported', description: `${file.filename} is in your downloads.` });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Export Failed',
          description: failureMessage(error, EXPORT_FAILED),
          variant: 'destructive',
        });
      },
    });

  return (
    <SettingsSection
      id="danger-zone"
      title="Danger Zone"
      description="Take a copy of your data, or delete your account for good."
    >
      <Card className="divide-y divide-red-100 border-red-300! px-5 sm:px-6">
        <div className="flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid min-w-0 gap-0.5">
            <h3 className="text-sm font-medium text-slate-900">Export my data</h3>
            <p className="text-sm text-slate-600">
              One JSON file with your profile, settings, workspaces, posts and comments.
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={download}
            disabled={exportData.isPending}
            className="self-start sm:self-auto"
          >
            {exportData.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {exportData.isPending ? 'Preparing...' : 'Export my data'}
          </Button>
        </div>
        <div className="flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid min-w-0 gap-0.5">
            <h3 className="text-sm font-medium text-red-700">Delete Account</h3>
            <p className="text-sm text-slate-600">
              Deletes your account and the workspaces only you belong to. This cannot be undone.
            </p>
          </div>
          <Button
            variant="destructive"
            size="sm"
            onClick={() => setDeleting(true)}
            className="self-start sm:self-auto"
          >
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        </div>
      </Card>
      <DeleteAccountDialog email={email} open={deleting} onOpenChange={setDeleting} />
    </SettingsSection>
  );
}
