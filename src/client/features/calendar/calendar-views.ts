/** The calendar's three views (spec §2: Month/Week/Day) and FullCalendar's names for them. */
export const calendarViews = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof calendarViews)[number];

export const calendarViewLabels: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };

export const fullCalendarViews: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
};

export function viewFromFullCalendar(type: string): CalendarView {
  if (type === 'timeGridWeek') return 'week';
  if (type === 'timeGridDay') return 'day';
  return 'month';
}

/** What the calendar shows now: its heading and the instants it covers. */
export interface VisibleRange {
  view: CalendarView;
  /** 'December 2026', 'Dec 6 – 12, 2026', 'December 10, 2026'. */
  title: string;
  /** First and last instant drawn (a month view draws 42 days), ISO. */
  from: string;
  to: string;
}

/** Phones start on the day view: a 7-column month has no room for a post's words there. */
export const PHONE_QUERY = '(max-width: 639px)';
