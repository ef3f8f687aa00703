import {
  CalendarPlus,
  Check,
  Copy,
  ExternalLink,
  LoaderCircle,
  RefreshCw,
  ShieldAlert,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { webcalUrl } from '../../../../contracts/calendar-export';
import { InlineLoading } from '../../../components/full-page-message';
import { toastFailure } from '../../../components/toast-failure';
import { Button, buttonClasses } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { planLimitMessage } from '../../billing/plan-limit';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

interface CalendarFeedDialogProps {
  open: boolean;
  onClose: () => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * 'Subscribe in your calendar app…': the member's private URL for Google, Apple or Outlook
 * calendars. The server keeps only a hash of it, so the URL is shown once, right after it is made;
 * making a new one replaces it, and Revoke ends it.
 */
export function CalendarFeedDialog({ open, onClose }: CalendarFeedDialogProps) {
  const feed = useCalendarFeed(open);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  // The server says whether the plan allows a new URL (the plan table stays out of the browser).
  const refusal = planLimit ?? feed.data?.planRefusal ?? null;

  const makeUrl = () =>
    create.mutate(undefined, {
      onSuccess: (created) => setUrl(created.url),
      onError: (error) => {
        const limit = planLimitMessage(error);
        if (limit) setPlanLimit(limit);
        else toastFailure('Could Not Make a URL', error);
      },
    });

  const revokeUrl = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: 'Subscription Revoked', description: 'The private URL no longer works.' });
      },
      onError: (error) => toastFailure('Could Not Revoke', error),
    });

  const subscribed = feed.data?.subscribed ?? false;
  const busy = create.isPending || revoke.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogIcon icon={CalendarPlus} className="bg-indigo-50 text-indigo-600" />
          <DialogTitle>Subscribe in your calendar app</DialogTitle>
          <DialogDescription>
            Google Calendar, Apple Calendar and Outlook show your scheduled, waiting and published posts, from
            30 days back to a year ahead, and keep them up to date.
          </DialogDescription>
        </DialogHeader>

        {url ? (
          <FeedUrl url={url} />
        ) : refusal ? (
          <UpgradePrompt title="Calendar subscriptions" message={refusal} />
        ) : feed.isPending ? (
          <InlineLoading message="Loading your subscription..." />
        ) : subscribed && feed.data?.createdAt ? (
          <p className="text-sm text-slate-700">
            You made a private URL on {dateFormat.format(new Date(feed.data.createdAt))}
            {feed.data.lastFetchedAt
              ? `; a calendar app last fetched it on ${dateFormat.format(new Date(feed.data.lastFetchedAt))}`
              : ''}
            . It is shown only once. Make a new one to see it again: the old one then stops working.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Make a private URL, then add it to your calendar app as a subscription.
          </p>
        )}

        <DialogFooter>
          {url || subscribed ? (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:mr-auto"
              onClick={revokeUrl}
              disabled={busy}
            >
              {revoke.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              Revoke
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant={url ? 'default' : 'outline'}>{url ? 'Done' : 'Close'}</Button>
          </DialogClose>
          {!url && !refusal && !feed.isPending ? (
            <Button onClick={makeUrl} disabled={busy}>
              {create.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : subscribed ? (
                <RefreshCw aria-hidden="true" />
              ) : (
                <CalendarPlus aria-hidden="true" />
              )}
              {subscribed ? 'Make a new URL' : 'Make my private URL'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The URL with Copy, the webcal:// link, where each app takes it, and why it stays private. */
function FeedUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async (input: HTMLInputElement | null) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      input?.select();
      toast({ title: 'Copy the URL', description: 'Press Ctrl+C (⌘C on a Mac) to copy the selected URL.' });
    }
  };
  let input: HTMLInputElement | null = null;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-900">
          Your private calendar URL
        </label>
        <div className="flex gap-2">
          <Input
            id="calendar-feed-url"
            ref={(element) => {
              input = element;
            }}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 font-mono text-xs"
          />
          <Button variant="outline" onClick={() => void copy(input)} aria-live="polite">
            {copied ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <a href={webcalUrl(url)} className={buttonClasses('outline', 'md', 'justify-self-start')}>
        <ExternalLink aria-hidden="true" />
        Open in your calendar app
      </a>
      <ul className="grid gap-1 text-xs text-slate-600">
        <li>
          <strong className="font-medium text-slate-800">Google Calendar:</strong> Other calendars › + › From
          URL
        </li>
        <li>
          <strong className="font-medium text-slate-800">Apple Calendar:</strong> File › New Calendar
          Subscription
        </li>
        <li>
          <strong className="font-medium text-slate-800">Outlook:</strong> Add calendar › Subscribe from web
        </li>
      </ul>
      <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        Keep this URL private: anyone who has it can read your workspace’s planned posts, without signing in.
        If it got out, revoke it or make a new one.
      </p>
    </div>
  );
}
