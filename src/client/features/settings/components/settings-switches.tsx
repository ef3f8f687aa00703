import { type ReactNode, useId } from 'react';
import type { UpdateUserSettingsBody, UserSettings } from '../../../../contracts/settings';
import { Card } from '../../../components/ui/card';
import { SwitchRow } from '../../../components/ui/switch-row';
import { type SettingsSaveMessages, useSaveUserSettings } from '../api/update-settings';

/** The user's on/off settings. */
type SwitchField = {
  [K in keyof UserSettings]-?: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

export interface SettingSwitch<Field extends SwitchField> {
  field: Field;
  label: string;
  description: string;
}

/**
 * A card of on/off settings, each saved as soon as it is flipped (`messages`: the toasts after).
 * `children` follow the switches in the card.
 */
export function SettingsSwitches<Field extends SwitchField>({
  settings,
  switches,
  messages,
  testIdPrefix,
  children,
}: {
  settings: UserSettings;
  switches: readonly SettingSwitch<Field>[];
  messages: SettingsSaveMessages;
  /** Gives each switch a data-testid: the prefix and its field. */
  testIdPrefix?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const save = useSaveUserSettings(messages);
  const toggle = (field: Field, on: boolean) => save({ [field]: on } as UpdateUserSettingsBody);

  return (
    <Card className="divide-y divide-slate-100 px-5 sm:px-6">
      {switches.map(({ field, label, description }) => (
        <SwitchRow
          key={field}
          id={`${id}-${field}`}
          label={label}
          description={description}
          checked={settings[field]}
          onCheckedChange={(on) => toggle(field, on)}
          data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${field}`}
        />
      ))}
      {children}
    </Card>
  );
}
