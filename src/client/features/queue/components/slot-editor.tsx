import { CalendarClock, Globe, LoaderCircle, Plus, Save, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  MAX_QUEUE_SLOTS,
  type QueueSchedule,
  type QueueSlot,
  sortSlots,
  weekdayNames,
} from '../../../../contracts/queue';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useCan } from '../../auth/use-permission';
import { useSaveQueueSlots } from '../api/save-queue-slots';
import { formatSlotInstant, formatSlotTime, weekdaysFromMonday } from '../queue-display';

interface SlotEditorProps {
  schedule: QueueSchedule;
  /** The user's zone: a schedule saved for the first time takes it. */
  zone: string;
}

/** The week of posting times: add and remove times per weekday, then save. */
export function SlotEditor({ schedule, zone }: SlotEditorProps) {
  const id = useId();
  const canWrite = useCan('posts.write');
  const form = useForm<{ slots: QueueSlot[] }>({ defaultValues: { slots: schedule.slots } });
  const slots = form.watch('slots');
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState('09:00');
  const save = useSaveQueueSlots();
  const timeZone = schedule.saved ? schedule.timeZone : zone;
  const dirty = form.formState.isDirty || !schedule.saved;
  const taken = slots.some((slot) => slot.weekday === weekday && slot.time === time);
  const full = slots.length >= MAX_QUEUE_SLOTS;

  const setSlots = (next: QueueSlot[]) => form.setValue('slots', sortSlots(next), { shouldDirty: true });
  const add = () => {
    if (!/^\d\d:\d\d$/.test(time) || taken || full) return;
    setSlots([...slots, { weekday, time }]);
  };
  const submit = form.handleSubmit((values) => {
    save.mutate(
      {
        accountId: schedule.accountId,
        slots: values.slots,
        ...(schedule.saved ? {} : { timeZone }),
      },
      {
        onSuccess: (saved) => {
          form.reset({ slots: saved.slots });
          toast({ title: 'Posting times saved', description: 'New posts in this queue take these times.' });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Posting times not saved',
            description: failureMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CalendarClock className="size-5 text-indigo-600" aria-hidden="true" />
          Posting times
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Globe className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Times in <strong className="font-medium text-slate-800">{timeZone}</strong>
            {schedule.saved ? '' : ' — suggested from this account’s best times; save to use them'}
          </span>
        </p>
      </div>

      <ul className="grid gap-2" aria-label="Posting times by weekday">
        {weekdaysFromMonday.map((day) => {
          const times = slots.filter((slot) => slot.weekday === day);
          return (
            <li
              key={day}
              className="grid gap-2 border-b border-slate-100 pb-2 last:border-0 sm:grid-cols-[7rem_minmax(0,1fr)] sm:items-center"
            >
              <span className="text-sm font-medium text-slate-800">{weekdayNames[day]}</span>
              <div className="flex min-h-7 flex-wrap items-center gap-1.5">
                {times.length === 0 ? <span className="text-sm text-slate-500">No times</span> : null}
                {times.map((slot) => (
                  <span
                    key={slot.time}
                    className="inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm font-medium text-indigo-900"
                  >
                    {formatSlotTime(slot.time)}
                    {canWrite ? (
                      <button
                        type="button"
                        onClick={() => setSlots(slots.filter((other) => other !== slot))}
                        aria-label={`Remove ${weekdayNames[day]} ${formatSlotTime(slot.time)}`}
                        className="rounded-full p-0.5 text-indigo-700 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    ) : null}
                  </span>
                ))}
              </div>
            </li>
          );
        })}
      </ul>

      {canWrite ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <div className="grid gap-1.5 sm:w-44">
            <Label htmlFor={`${id}-day`}>Day</Label>
            <Select
              id={`${id}-day`}
              value={weekday}
              onChange={(event) => setWeekday(Number(event.target.value))}
            >
              {weekdaysFromMonday.map((day) => (
                <option key={day} value={day}>
                  {weekdayNames[day]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5 sm:w-36">
            <Label htmlFor={`${id}-time`}>Time</Label>
            <Input
              id={`${id}-time`}
              type="time"
              value={time}
              required
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={taken || full}>
            <Plus aria-hidden="true" />
            Add time
          </Button>
          <Button className="sm:ml-auto" disabled={!dirty || save.isPending} onClick={() => submit()}>
            {save.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save times
          </Button>
        </form>
      ) : null}

      {schedule.upcoming.length > 0 ? (
        <p className="text-xs text-slate-600">
          Next times:{' '}
          {schedule.upcoming
            .slice(0, 3)
            .map((at) => formatSlotInstant(at, timeZone))
            .join(' · ')}
        </p>
      ) : null}
    </Card>
  );
}
