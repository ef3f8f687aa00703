import { Card } from '../../../components/ui/card';
import { TimeZoneForm } from '../../time-zone/components/time-zone-form';
import { SettingsSection } from './settings-section';

/** Settings → Time zone: the zone the calendar and the composer show and take times in. */
export function TimeZoneCard() {
  return (
    <SettingsSection
      id="time-zone"
      title="Time zone"
      description="Posts are stored in UTC and shown in this zone. A post planned for 14:00 stays at 14:00 when the clocks change."
    >
      <Card className="p-5 sm:p-6">
        <TimeZoneForm />
      </Card>
    </SettingsSection>
  );
}
