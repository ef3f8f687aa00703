import { Globe } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { TimeZoneForm } from '../../time-zone/components/time-zone-form';
import { zoneLabel } from '../../time-zone/time-zones';

/** 'Times in Europe/Berlin (GMT+1)' with a Change button that opens the time zone setting. */
export function TimeZoneControl({ zone }: { zone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <Globe className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="min-w-0">
        Times in <span className="font-medium text-slate-900">{zoneLabel(zone)}</span>
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <button
            type="button"
            aria-label="Change time zone"
            className="rounded px-1 py-0.5 font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            Change
          </button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Time zone</DialogTitle>
            <DialogDescription>
              The calendar, the composer and every time Kitepost shows you use this zone. Posts are stored in
              UTC.
            </DialogDescription>
          </DialogHeader>
          <TimeZoneForm onSaved={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
