import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import type { Post } from '../../../../contracts/posts';
import { firstWords, postsToEvents } from '../calendar-events';
import {
  type CalendarView,
  fullCalendarViews,
  type VisibleRange,
  viewFromFullCalendar,
} from '../calendar-views';
import { statusLabels } from '../post-status';
import { formatDateTimeInZone, todayInZone, utcToWallTime, type WallTime } from '../zoned-time';
import { EventChip } from './event-chip';
import './post-calendar.css';

const plugins = [luxonPlugin, dayGridPlugin, timeGridPlugin, interactionPlugin];

export interface PostCalendarHandle {
  prev: () => void;
  next: () => void;
  today: () => void;
  setView: (view: CalendarView) => void;
  /** 'YYYY-MM-DD' in the calendar's zone. */
  goTo: (date: string) => void;
}

interface PostCalendarProps {
  ref?: Ref<PostCalendarHandle>;
  zone: string;
  initialView: CalendarView;
  /** 'YYYY-MM-DD' */
  initialDate?: string;
  posts: Post[];
  /** True once `posts` are those of the visible range (not the previous range's, kept meanwhile). */
  postsLoaded: boolean;
  /** The role may create and move posts (posts.write): without it nothing drags and a click adds nothing. */
  canWrite: boolean;
  onRangeChange: (range: VisibleRange) => void;
  onOpenPost: (post: Post) => void;
  /** A scheduled post dropped on a new time in the future; `revert` puts it back. */
  onReschedule: (post: Post, scheduledAt: string, revert: () => void) => void;
  /** A drop in the past, refused at once. */
  onRefusedDrop: () => void;
  /** A click on an empty day or time slot in the future. */
  onCreateAt: (wall: WallTime) => void;
}

/** 08:00, or the hour of the earliest timed post in view when it is earlier. */
function firstScrollTime(posts: Post[], zone: string): string {
  let earliest = '08:00';
  for (const post of posts) {
    const at = post.publishedAt ?? post.scheduledAt;
    const time = at ? utcToWallTime(at, zone)?.time : undefined;
    if (time && time < earliest) earliest = time;
  }
  return `${earliest.slice(0, 2)}:00:00`;
}

const postOf = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.post as Post;

/** The words a screen reader says for a post on the calendar. */
function describePost(post: Post, zone: string): string {
  const at = post.publishedAt ?? post.scheduledAt;
  const when = at ? `, ${formatDateTimeInZone(at, zone)}` : ', no time yet';
  return `${statusLabels[post.status]} ${platformLabels[post.platform]} post${when}: ${firstWords(post.content, 80)}`;
}

/**
 * FullCalendar with the spec's month grid (42 cells from Sunday, each with data-date; 2 posts a
 * day, then '+N more' which opens that day) and real week and day views, all in the user's zone.
 * Only scheduled posts still ahead can be dragged, by a role that may change posts; a drop
 * becomes a reschedule.
 */
export function PostCalendar({
  ref,
  zone,
  initialView,
  initialDate,
  posts,
  postsLoaded,
  canWrite,
  onRangeChange,
  onOpenPost,
  onReschedule,
  onRefusedDrop,
  onCreateAt,
}: PostCalendarProps) {
  const calendarRef = useRef<FullCalendar>(null);
  // The month grows with its rows; a day or week scrolls inside a fixed height (24 hours are tall).
  const [view, setView] = useState(initialView);
  const events = useMemo(() => postsToEvents(posts, zone, new Date(), canWrite), [posts, zone, canWrite]);
  const [rangeStart, setRangeStart] = useState('');

  // A day or week opens at its first post, or at 8:00 when it has none before then. Once per
  // view and range: a refetch never scrolls the user away from where they are.
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${view}|${rangeStart}`;
    if (view === 'month' || !rangeStart || !postsLoaded || scrolledFor.current === key) return;
    scrolledFor.current = key;
    calendarRef.current?.getApi().scrollToTime(firstScrollTime(posts, zone));
  }, [view, rangeStart, posts, postsLoaded, zone]);

  useImperativeHandle(ref, () => {
    const api = () => calendarRef.current?.getApi();
    return {
      prev: () => api()?.prev(),
      next: () => api()?.next(),
      today: () => api()?.today(),
      setView: (view) => api()?.changeView(fullCalendarViews[view]),
      goTo: (date) => api()?.gotoDate(date),
    };
  }, []);

  const datesSet = (arg: DatesSetArg) => {
    setView(viewFromFullCalendar(arg.view.type));
    setRangeStart(arg.start.toISOString());
    onRangeChange({
      view: viewFromFullCalendar(arg.view.type),
      title: arg.view.title,
      from: arg.start.toISOString(),
      to: arg.end.toISOString(),
    });
  };

  const eventContent = (arg: EventContentArg) => (
    <EventChip
      post={postOf(arg.event)}
      zone={zone}
      view={viewFromFullCalendar(arg.view.type)}
      allDay={arg.event.allDay}
    />
  );

  // FullCalendar draws events as <a> without href: make them buttons with a full description.
  const eventDidMount = (arg: EventMountArg) => {
    const post = postOf(arg.event);
    arg.el.setAttribute('role', 'button');
    arg.el.setAttribute('aria-label', describePost(post, zone));
    arg.el.setAttribute('data-post-id', post.id);
    arg.el.setAttribute('data-status', post.status);
  };

  const eventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    onOpenPost(postOf(arg.event));
  };

  const eventDrop = (arg: EventDropArg) => {
    const start = arg.event.start;
    if (!start || start.getTime() <= Date.now()) {
      arg.revert();
      onRefusedDrop();
      return;
    }
    onReschedule(postOf(arg.event), start.toISOString(), arg.revert);
  };

  const dateClick = (arg: DateClickArg) => {
    if (!canWrite) return;
    const wall = utcToWallTime(arg.date.toISOString(), zone);
    if (!wall) return;
    // A day cell means "that day" at the usual time, a time slot that time; never in the past.
    if (arg.allDay ? wall.date < todayInZone(zone) : arg.date.getTime() <= Date.now()) return;
    onCreateAt(arg.allDay ? { date: wall.date, time: '14:00' } : wall);
  };

  return (
    <div className="kp-calendar">
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        timeZone={zone}
        initialView={fullCalendarViews[initialView]}
        initialDate={initialDate}
        headerToolbar={false}
        firstDay={0}
        fixedWeekCount
        showNonCurrentDates
        height={view === 'month' ? 'auto' : 640}
        dayMaxEvents={2}
        moreLinkClick="timeGridDay"
        moreLinkContent={(arg) => (
          <>
            +{arg.num}
            <span className="kp-more-word"> more</span>
          </>
        )}
        moreLinkHint={(num: number) => `Show ${num} more ${num === 1 ? 'post' : 'posts'} on this day`}
        // An <a> without href carries aria-expanded: only a button may.
        moreLinkDidMount={(arg) => {
          arg.el.setAttribute('role', 'button');
          arg.el.setAttribute('aria-label', `+${arg.num} more`);
        }}
        navLinks={false}
        nowIndicator
        eventDisplay="block"
        eventOrder="start,title"
        defaultTimedEventDuration="00:30"
        forceEventDuration
        // A post is an instant drawn 30 minutes long: one at 23:45 belongs to its own day only, not
        // to the next day its half hour runs into.
        nextDayThreshold="01:00:00"
        eventStartEditable
        eventDurationEditable={false}
        editable={false}
        dragRevertDuration={0}
        eventDragMinDistance={4}
        slotDuration="00:30:00"
        scrollTimeReset={false}
        allDayText="No time"
        dayHeaderContent={(arg) =>
          arg.view.type === 'dayGridMonth' ? (
            arg.text
          ) : (
            // Weekday over the day's number: fits seven columns on a phone.
            <span className="grid leading-tight">
              <span>
                {new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: zone }).format(arg.date)}
              </span>
              <span className="text-base font-semibold text-slate-900">
                {new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: zone }).format(arg.date)}
              </span>
            </span>
          )
        }
        views={{
          timeGrid: { dayMaxEvents: false, eventMinHeight: 30 },
          dayGridMonth: { dayHeaderFormat: { weekday: 'short' } },
        }}
        events={events}
        datesSet={datesSet}
        eventContent={eventContent}
        eventDidMount={eventDidMount}
        eventClick={eventClick}
        eventDrop={eventDrop}
        dateClick={dateClick}
      />
    </div>
  );
}
