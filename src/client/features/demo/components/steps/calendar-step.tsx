import { Download, Pencil, Plus, X } from 'lucide-react';
import { PlatformMark } from '../../../../components/platform-mark';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { cn } from '../../../../lib/cn';
import { localDate, longDay, monthCells, postsByDay, postWhen, shortTime } from '../../calendar-cells';
import { downloadDemoCalendar } from '../../demo-calendar-file';
import {
  calendarMonth,
  platformNames,
  type ScheduledPost,
  scheduledPosts,
  upcomingPosts,
} from '../../demo-data';
import { showDemoOnly } from '../../demo-only';
import { MockScreenHeader, MockWindow } from '../mock-window';
import { platformChip, platformDot } from '../platform-colours';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** A day cell shows at most 2 posts, then '+N more' (spec §9). */
const POSTS_PER_CELL = 2;

/**
 * The sample posts as an .ics download, made here (the tour talks to no server). The writer is
 * imported statically: a dynamic import() would pull Vite's preload helper into a chunk of its own
 * in the landing's first load, which has no byte to spare.
 */
function exportSampleCalendar() {
  downloadDemoCalendar(scheduledPosts, platformNames);
  toast({
    title: 'Sample Calendar Exported',
    description: 'kitepost-demo-calendar.ics holds the tour’s December posts. Open it in any calendar app.',
  });
}

/** Step 4: the content calendar, fixed at December 2024. */
export function CalendarStep() {
  const cells = monthCells(calendarMonth.year, calendarMonth.monthIndex);
  const byDay = postsByDay(scheduledPosts);
  return (
    <MockWindow section="Content Calendar" sidebar="rail">
      <MockScreenHeader
        title="Content Calendar"
        description="Every scheduled post, on one page."
        actions={
          <>
            <Button variant="outline" size="sm" onClick={exportSampleCalendar}>
              <Download aria-hidden="true" />
              Export Calendar
            </Button>
            <Button size="sm" onClick={() => showDemoOnly('schedule posts')}>
              <Plus aria-hidden="true" />
              Schedule Post
            </Button>
          </>
        }
      />
      <section
        aria-labelledby="demo-calendar-month"
        className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 px-1 pt-1 pb-3 sm:px-0 sm:pt-0">
          <h4 id="demo-calendar-month" className="text-lg font-semibold text-slate-900">
            {calendarMonth.label}
          </h4>
          <p className="inline-flex items-center gap-1.5 text-xs text-slate-600">
            <span className="size-2 rounded-full bg-indigo-600" aria-hidden="true" />
            {scheduledPosts.length} posts scheduled
          </p>
        </div>
        <div
          aria-hidden="true"
          className="grid grid-cols-7 gap-1 pb-1 text-center text-xs font-semibold text-slate-600"
        >
          {weekdays.map((day) => (
            <span key={day}>
              <span className="sm:hidden">{day.charAt(0)}</span>
              <span className="hidden sm:inline">{day}</span>
            </span>
          ))}
        </div>
        <ol className="grid grid-cols-7 gap-1">
          {cells.map((cell) => (
            <DayCell
              key={cell.key}
              date={cell.date}
              inMonth={cell.inMonth}
              posts={byDay.get(cell.key) ?? []}
            />
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="demo-upcoming"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h4 id="demo-upcoming" className="font-semibold text-slate-900">
          Upcoming Posts
        </h4>
        <ul className="mt-3 grid gap-3">
          {upcomingPosts.map((post) => (
            <UpcomingPost key={post.id} post={post} />
          ))}
        </ul>
      </section>
    </MockWindow>
  );
}

function DayCell({ date, inMonth, posts }: { date: Date; inMonth: boolean; posts: ScheduledPost[] }) {
  const shown = posts.slice(0, POSTS_PER_CELL);
  const more = posts.length - shown.length;
  return (
    <li
      data-testid="demo-calendar-cell"
      className={cn(
        'flex min-h-12 min-w-0 flex-col gap-1 rounded-lg border p-1 sm:min-h-24 sm:p-1.5',
        inMonth ? 'border-slate-200 bg-white' : 'border-slate-100 bg-slate-50',
      )}
    >
      <span className={cn('text-xs font-semibold', inMonth ? 'text-slate-800' : 'text-slate-500')}>
        <span className="sr-only">{longDay(date)}</span>
        <span aria-hidden="true">{date.getDate()}</span>
      </span>
      {posts.length > 0 ? (
        <>
          <span aria-hidden="true" className="flex flex-wrap gap-0.5 sm:hidden">
            {posts.map((post) => (
              <span key={post.id} className={cn('size-1.5 rounded-full', platformDot[post.platform])} />
            ))}
          </span>
          <ul className="sr-only sm:not-sr-only sm:grid sm:grid-cols-1 sm:gap-1">
            {shown.map((post) => (
              <li
                key={post.id}
                className={cn(
                  'line-clamp-2 rounded-md px-1.5 py-0.5 text-[11px] leading-4 break-words ring-1',
                  platformChip[post.platform],
                )}
              >
                <span className="font-semibold">{shortTime(localDate(post.scheduledAt))}</span>{' '}
                <span className="sr-only">{platformNames[post.platform]}: </span>
                {post.content}
              </li>
            ))}
            {more > 0 ? (
              <li className="px-1.5 text-[11px] font-medium text-slate-600">+{more} more</li>
            ) : null}
          </ul>
        </>
      ) : null}
    </li>
  );
}

function UpcomingPost({ post }: { post: ScheduledPost }) {
  const name = platformNames[post.platform];
  const when = postWhen(post.scheduledAt);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <PlatformMark platform={post.platform} size="sm" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{post.content}</p>
          <p className="mt-0.5 text-xs text-slate-600">
            {name} · {when} · <span className="font-semibold text-emerald-700">Scheduled</span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 self-end sm:self-auto">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit ${name} post of ${when}`}
          onClick={() => showDemoOnly('edit posts')}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Cancel ${name} post of ${when}`}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => showDemoOnly('cancel scheduled posts')}
        >
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </li>
  );
}
