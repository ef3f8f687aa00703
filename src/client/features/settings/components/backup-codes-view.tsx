import { Check, Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';
import { BACKUP_CODES_FILE_NAME, backupCodesFile } from '../two-factor-display';

interface BackupCodesViewProps {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}

/**
 * The 10 backup codes, shown this once: the server keeps only their hashes. Download saves a
 * .txt file made in the browser (nothing leaves it); "I have saved them" ends the step.
 */
export function BackupCodesView({ codes, email, onDone }: BackupCodesViewProps) {
  const download = () => {
    const blob = new Blob([backupCodesFile(codes, email, new Date())], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled: revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="grid gap-4">
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
        Save these codes now: you will not see them again. Each one signs you in once if you lose your phone.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide [overflow-wrap:anywhere]">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copyText(codes.join('\n'), 'Backup codes copied', 'the codes')}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <Button onClick={onDone} className="justify-self-stretch sm:justify-self-end">
        <Check aria-hidden="true" />I have saved them
      </Button>
    </div>
  );
}
