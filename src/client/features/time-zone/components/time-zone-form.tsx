import { LoaderCircle, Save } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useUpdateTimeZone } from '../api/update-time-zone';
import { browserTimeZone, listTimeZones, zoneLabel } from '../time-zones';
import { useTimeZone } from '../use-time-zone';

export const TIME_ZONE_SAVE_FAILED = 'Your time zone could not be saved. Please try again.';

/**
 * Picks the zone every time is shown and entered in: one of the browser's IANA zones, or "the
 * browser's zone" (saved as null, so it follows the user to another computer's zone).
 */
export function TimeZoneForm({ onSaved }: { onSaved?: () => void }) {
  const id = useId();
  const { zone, chosen } = useTimeZone();
  const [selected, setSelected] = useState(zone);
  const zones = useMemo(() => listTimeZones(zone), [zone]);
  const update = useUpdateTimeZone();
  const browser = browserTimeZone();

  const save = (timezone: string | null) => {
    update.mutate(timezone, {
      onSuccess: ({ timezone: saved }) => {
        toast({
          title: 'Time Zone Updated',
          description: `Times are shown in ${zoneLabel(saved ?? browser)}${saved ? '' : ", your browser's zone"}.`,
        });
        onSaved?.();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Time Zone Not Saved',
          description: failureMessage(error, TIME_ZONE_SAVE_FAILED),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      className="grid gap-3"
      aria-busy={update.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        save(selected);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-zone`}>Time zone</Label>
        <Select id={`${id}-zone`} value={selected} onChange={(event) => setSelected(event.target.value)}>
          {zones.map((item) => (
            <option key={item} value={item}>
              {item.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
        <p className="text-xs text-slate-600">
          {chosen ? `You chose ${zoneLabel(zone)}.` : `Following your browser: ${zoneLabel(browser)}.`} Posts
          keep their local time when the clocks change.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending || (chosen && selected === zone)}>
          {update.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save time zone
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending || !chosen}
          onClick={() => save(null)}
        >
          Use my browser's zone
        </Button>
      </div>
    </form>
  );
}
