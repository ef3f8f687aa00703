import { formatFullTime, formatRelativeTime } from '../relative-time';

interface RelativeTimeProps {
  /** ISO timestamp. */
  at: string;
  timeZone?: string | null;
  now?: Date;
  className?: string;
}

/** "5 minutes ago", with the full date and time on hover and the exact instant for machines. */
export function RelativeTime({ at, timeZone, now = new Date(), className }: RelativeTimeProps) {
  return (
    <time className={className} dateTime={at} title={formatFullTime(at, timeZone)}>
      {formatRelativeTime(at, now, timeZone)}
    </time>
  );
}
