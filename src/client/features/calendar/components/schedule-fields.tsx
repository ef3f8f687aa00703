import { Globe } from 'lucide-react';
import { postMessages } from '../../../../contracts/posts';
import { Input } from '../../../components/ui/input';
import { zoneLabel } from '../../time-zone/time-zones';
import {
  formatDateTimeInZone,
  todayInZone,
  type WallTime,
  wallTimeToUtc,
  type ZonedInstant,
} from '../zoned-time';

/** What a failed scheduling call says when the server gave no reason. */
export const SCHEDULE_FAILED_MESSAGE = 'The post could not be scheduled. Please try again.';

export interface ScheduleCheck {
  /** The instant, when the fields hold a complete, valid date and time. */
  instant: ZonedInstant | null;
  /** Why it cannot be scheduled at that time; null when it can. */
  problem: string | null;
}

/** Reads the fields: a complete time in the future, or why not. */
export function checkScheduleTime(wall: WallTime, zone: string, now: number = Date.now()): ScheduleCheck {
  const instant = wallTimeToUtc(wall.date, wall.time, zone);
  if (!instant) return { instant: null, problem: 'Choose a date and a time.' };
  if (new Date(instant.iso).getTime() <= now) return { instant, problem: postMessages.pastTime };
  return { instant, problem: null };
}

interface ScheduleFieldsProps {
  id: string;
  value: WallTime;
  onChange: (value: WallTime) => void;
  zone: string;
  check: ScheduleCheck;
  /** Show the problem (after a first attempt, or always). */
  showProblem: boolean;
}

/** Date and time inputs in the user's zone, with the zone written under them. */
export function ScheduleFields({ id, value, onChange, zone, check, showProblem }: ScheduleFieldsProps) {
  const problem = showProblem ? check.problem : null;
  const when = check.instant ? new Date(check.instant.iso) : new Date();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">When to publish</legend>
      <div className="grid grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] gap-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-date`} className="text-xs font-medium text-slate-600">
            Date
          </label>
          <Input
            id={`${id}-date`}
            type="date"
            value={value.date}
            min={todayInZone(zone)}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-zone ${id}-problem`}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-time`} className="text-xs font-medium text-slate-600">
            Time
          </label>
          <Input
            id={`${id}-time`}
            type="time"
            value={value.time}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-zone ${id}-problem`}
          />
        </div>
      </div>
      <p id={`${id}-zone`} className="flex items-center gap-1.5 text-xs text-slate-600">
        <Globe className="size-3.5 shrink-0" aria-hidden="true" />
        <span>Times in {zoneLabel(zone, when)}</span>
      </p>
      <div id={`${id}-problem`} aria-live="polite" className="grid gap-1 text-xs font-medium">
        {problem ? <p className="text-red-700">{problem}</p> : null}
        {check.instant?.shifted ? (
          <p className="text-amber-800">
            That time is skipped when the clocks change in {zone}; it goes out at{' '}
            {formatDateTimeInZone(check.instant.iso, zone)}.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
