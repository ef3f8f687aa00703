import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import type { CalendarView } from '../calendar-views';

/*
 * The calendar route's heavy parts, each its own chunk (issue 22: a route's own JS <= 80 KB gz on
 * top of the shell). FullCalendar is most of it: it loads as soon as the page renders, beside the
 * posts' request, behind a placeholder of the grid's size. The dialogs load when first opened, or
 * earlier when the browser is idle, so that opening one rarely waits.
 */
const loadCalendar = () => import('./post-calendar');
const loadComposer = () => import('./composer/composer-dialog');
const loadPostDialog = () => import('./post-dialog');
const loadReschedule = () => import('./reschedule-dialog');

const PostCalendarChunk = lazy(() => loadCalendar().then((m) => ({ default: m.PostCalendar })));
const ComposerDialogChunk = lazy(() => loadComposer().then((m) => ({ default: m.ComposerDialog })));
const PostDialogChunk = lazy(() => loadPostDialog().then((m) => ({ default: m.PostDialog })));
const RescheduleDialogChunk = lazy(() => loadReschedule().then((m) => ({ default: m.RescheduleDialog })));

/** Fetches the dialogs' code once the page has painted and the browser is idle. */
export function usePreloadedDialogs(): void {
  useEffect(() => {
    whenIdle(() => {
      void loadComposer();
      void loadPostDialog();
      void loadReschedule();
    });
  }, []);
}

/** True from the first time `open` is: a dialog stays mounted after closing, for its close animation. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Where the grid will be, at its size (post-calendar.css: a month's six rows of 7rem, 4.5rem on a
 * phone, under a header row; a week or a day 640 px), so nothing moves when FullCalendar arrives.
 */
function CalendarPlaceholder({ view }: { view: CalendarView }) {
  if (view !== 'month') {
    return <div aria-hidden="true" className="h-160 rounded-xl border border-slate-200 bg-slate-50/50" />;
  }
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-slate-200">
      <div className="h-10 border-b border-slate-200 bg-slate-50" />
      {[1, 2, 3, 4, 5, 6].map((row) => (
        <div key={row} className="h-[4.5rem] border-b border-slate-200 last:border-b-0 sm:h-28" />
      ))}
    </div>
  );
}

export function LazyPostCalendar(props: ComponentProps<typeof PostCalendarChunk>) {
  return (
    <Suspense fallback={<CalendarPlaceholder view={props.initialView} />}>
      <PostCalendarChunk {...props} />
    </Suspense>
  );
}

export function LazyComposerDialog(props: ComponentProps<typeof ComposerDialogChunk>) {
  const wanted = useOpenedOnce(props.subject !== null);
  return wanted ? (
    <Suspense fallback={null}>
      <ComposerDialogChunk {...props} />
    </Suspense>
  ) : null;
}

export function LazyPostDialog(props: ComponentProps<typeof PostDialogChunk>) {
  const wanted = useOpenedOnce(props.postId !== null);
  return wanted ? (
    <Suspense fallback={null}>
      <PostDialogChunk {...props} />
    </Suspense>
  ) : null;
}

export function LazyRescheduleDialog(props: ComponentProps<typeof RescheduleDialogChunk>) {
  const wanted = useOpenedOnce(props.post !== null);
  return wanted ? (
    <Suspense fallback={null}>
      <RescheduleDialogChunk {...props} />
    </Suspense>
  ) : null;
}
