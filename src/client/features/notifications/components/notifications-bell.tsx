import * as PopoverPrimitive from '@radix-ui/react-popover';
import {
  Bell,
  BellOff,
  CalendarClock,
  CircleAlert,
  CircleCheck,
  ClipboardCheck,
  Clock,
  CreditCard,
  Hourglass,
  type LucideIcon,
  MessageSquare,
  PencilLine,
  ReceiptText,
  Rss,
  TimerOff,
  Unplug,
  UserCog,
  UserMinus,
  UserPlus,
  Webhook,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { Notification, NotificationKind } from '../../../../contracts/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth/api/get-current-user';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useMediaQuery } from '../use-media-query';
import { RelativeTime } from './relative-time';

/** Tailwind's `lg`: from here the shell shows its sidebar, below it the top bar. */
const DESKTOP_QUERY = '(min-width: 64rem)';

/**
 * The bell of the app shell. The shell draws it in two places (the sidebar on wide screens, the
 * top bar on phones); only the visible one mounts, so the list is polled once.
 */
export function NotificationsBell({ placement }: { placement: 'sidebar' | 'header' }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  if (isDesktop !== (placement === 'sidebar')) return null;
  return <NotificationsMenu align={placement === 'sidebar' ? 'start' : 'end'} />;
}

const kindLooks: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  post_failed: { icon: CircleAlert, tone: 'bg-red-50 text-red-600' },
  post_missed: { icon: Clock, tone: 'bg-amber-50 text-amber-700' },
  account_needs_reauth: { icon: Unplug, tone: 'bg-indigo-50 text-indigo-600' },
  trial_ending: { icon: Hourglass, tone: 'bg-amber-50 text-amber-700' },
  trial_ended: { icon: TimerOff, tone: 'bg-slate-100 text-slate-600' },
  payment_failed: { icon: CreditCard, tone: 'bg-red-50 text-red-600' },
  subscription_changed: { icon: ReceiptText, tone: 'bg-indigo-50 text-indigo-600' },
  approval_requested: { icon: ClipboardCheck, tone: 'bg-amber-50 text-amber-700' },
  approval_overdue: { icon: CalendarClock, tone: 'bg-amber-50 text-amber-700' },
  post_approved: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700' },
  changes_requested: { icon: PencilLine, tone: 'bg-amber-50 text-amber-700' },
  post_comment: { icon: MessageSquare, tone: 'bg-indigo-50 text-indigo-600' },
  member_joined: { icon: UserPlus, tone: 'bg-emerald-50 text-emerald-700' },
  member_role_changed: { icon: UserCog, tone: 'bg-indigo-50 text-indigo-600' },
  member_removed: { icon: UserMinus, tone: 'bg-slate-100 text-slate-600' },
  feed_paused: { icon: Rss, tone: 'bg-amber-50 text-amber-700' },
  webhook_disabled: { icon: Webhook, tone: 'bg-amber-50 text-amber-700' },
};

/**
 * A Radix popover: it places the panel under the bell (sliding it back inside the screen on a
 * phone), closes on Escape and outside clicks, and returns focus to the bell.
 */
function NotificationsMenu({ align }: { align: 'start' | 'end' }) {
  const { user } = useAuth();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  // What was unread when the panel opened keeps its dot while the panel stays open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const titleId = useId();
  const descriptionId = useId();
  const unread = data?.unreadCount ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next || !data) return;
    const unreadShown = data.notifications.filter((item) => item.readAt === null).map((item) => item.id);
    setFresh(new Set(unreadShown));
    if (data.unreadCount === 0) return;
    // Unread ones older than the list cannot be shown: mark all, so the badge never counts them.
    markRead.mutate(data.unreadCount > unreadShown.length ? undefined : unreadShown);
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          side="bottom"
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className="z-50 flex max-h-[min(560px,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-[dialog-in_140ms_cubic-bezier(0.16,1,0.3,1)]"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              Notifications
            </h2>
            {fresh.size > 0 ? (
              <span className="text-xs font-medium text-indigo-700">{fresh.size} new</span>
            ) : null}
          </div>
          <p id={descriptionId} className="sr-only">
            Posts that failed or missed their time, approvals and comments on posts, team changes, accounts
            that need reconnecting, and news about your plan and payments.
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {isPending ? (
              <p className="px-4 py-8 text-center text-sm text-slate-500">Loading…</p>
            ) : isError && !data ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">
                Notifications could not be loaded. They will be tried again shortly.
              </p>
            ) : data.notifications.length === 0 ? (
              <EmptyState />
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.notifications.map((item) => (
                  <li key={item.id}>
                    <NotificationRow
                      item={item}
                      fresh={fresh.has(item.id)}
                      timeZone={user?.timezone ?? null}
                      onNavigate={() => setOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

function NotificationRow({
  item,
  fresh,
  timeZone,
  onNavigate,
}: {
  item: Notification;
  fresh: boolean;
  timeZone: string | null;
  onNavigate: () => void;
}) {
  const look = kindLooks[item.kind];
  const content = (
    <>
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', look.tone)}>
        <look.icon className="size-4" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="text-sm font-medium text-slate-900">{item.title}</span>
        <span className="line-clamp-2 text-sm text-slate-600">{item.body}</span>
        <RelativeTime at={item.createdAt} timeZone={timeZone} className="text-xs text-slate-500" />
      </span>
      <span className="flex w-2 shrink-0 justify-center pt-2">
        {fresh ? <span className="size-2 rounded-full bg-indigo-600" aria-hidden="true" /> : null}
      </span>
      {fresh ? <span className="sr-only">(unread)</span> : null}
    </>
  );
  const rowClasses = cn('flex items-start gap-3 px-4 py-3', fresh && 'bg-indigo-50/40');
  if (!item.link) return <div className={rowClasses}>{content}</div>;
  return (
    <Link
      href={item.link}
      onClick={onNavigate}
      className={cn(
        rowClasses,
        'transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset',
      )}
    >
      {content}
    </Link>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <BellOff className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium text-slate-900">You’re all caught up</p>
      <p className="text-sm text-slate-600">
        If a post fails or misses its time, an account needs reconnecting or a payment needs you, you’ll hear
        it here and by email.
      </p>
    </div>
  );
}
