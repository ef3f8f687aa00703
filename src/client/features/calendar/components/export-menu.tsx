import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, ChevronDown, Download, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { planLimitMessage } from '../../billing/plan-limit';
import { type CalendarExportFormat, useDownloadCalendar } from '../api/export-calendar';

// The dialog loads when it is first opened: most visits never subscribe.
const CalendarFeedDialog = lazy(() =>
  import('./calendar-feed-dialog').then((module) => ({ default: module.CalendarFeedDialog })),
);

interface ExportMenuProps {
  /** The visible range (null until the calendar has drawn). */
  range: { from: string; to: string } | null;
  zone: string;
}

const item =
  'flex w-full cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-slate-800 outline-none transition data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/**
 * The calendar toolbar's Export menu: the visible range as .ics or CSV, and a private URL that
 * calendar apps subscribe to (its dialog).
 */
export function ExportMenu({ range, zone }: ExportMenuProps) {
  const download = useDownloadCalendar();
  const [subscribing, setSubscribing] = useState(false);

  const start = (format: CalendarExportFormat) => {
    if (!range) return;
    download.mutate(
      { format, from: range.from, to: range.to, timeZone: zone },
      {
        onSuccess: (file) =>
          toast({ title: 'Calendar Exported', description: `${file.filename} is in your downloads.` }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Export Failed',
            description:
              planLimitMessage(error) ?? failureMessage(error, 'The calendar could not be exported.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <>
      <DropdownMenuPrimitive.Root>
        <DropdownMenuPrimitive.Trigger asChild>
          <Button variant="outline" size="sm" disabled={download.isPending} aria-label="Export">
            {download.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            <span className="hidden sm:inline">Export</span>
            <ChevronDown className="text-slate-500" aria-hidden="true" />
          </Button>
        </DropdownMenuPrimitive.Trigger>
        <DropdownMenuPrimitive.Portal>
          <DropdownMenuPrimitive.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 grid w-64 max-w-[calc(100vw-1rem)] gap-px rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl focus:outline-none data-[state=open]:animate-[dialog-in_140ms_cubic-bezier(0.16,1,0.3,1)]"
          >
            <DropdownMenuPrimitive.Label className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-slate-500">
              The posts in view
            </DropdownMenuPrimitive.Label>
            <DropdownMenuPrimitive.Item className={item} disabled={!range} onSelect={() => start('ics')}>
              <Download className="size-4 text-slate-500" aria-hidden="true" />
              Download .ics
            </DropdownMenuPrimitive.Item>
            <DropdownMenuPrimitive.Item className={item} disabled={!range} onSelect={() => start('csv')}>
              <FileSpreadsheet className="size-4 text-slate-500" aria-hidden="true" />
              Download CSV
            </DropdownMenuPrimitive.Item>
            <DropdownMenuPrimitive.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenuPrimitive.Item className={item} onSelect={() => setSubscribing(true)}>
              <CalendarPlus className="size-4 text-slate-500" aria-hidden="true" />
              Subscribe in your calendar app…
            </DropdownMenuPrimitive.Item>
          </DropdownMenuPrimitive.Content>
        </DropdownMenuPrimitive.Portal>
      </DropdownMenuPrimitive.Root>
      {subscribing ? (
        <Suspense fallback={null}>
          <CalendarFeedDialog open={subscribing} onClose={() => setSubscribing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
