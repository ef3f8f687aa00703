import { useId } from 'react';
import { type Tone, tones } from '../../../../contracts/content-options';
import type { UserSettings } from '../../../../contracts/settings';
import { Card } from '../../../components/ui/card';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { SwitchRow } from '../../../components/ui/switch-row';
import { toneLabels } from '../../../lib/content-labels';
import { useHealth } from '../../health/api/get-health';
import { useBrandKit } from '../api/get-brand-kit';
import { useSaveUserSettings } from '../api/update-settings';
import { generatorStartTone, languageOptions } from '../content-defaults';
import { SettingsSection } from './settings-section';

export const CONTENT_DEFAULTS_NOT_SAVED = 'Your content defaults could not be saved. Please try again.';

/**
 * Settings › Content defaults: each control saves at once (PUT /api/user/settings). The tone is
 * what the Content Generator starts on; the language is the one the AI writer writes this user's
 * posts in, except on a server whose AI writer is the offline one (a sandbox in /api/health), which
 * writes English only and whose hint says so. Auto-publish is stored, and its hint says honestly
 * that nothing acts on it yet.
 */
export function ContentDefaultsCard({ settings }: { settings: UserSettings }) {
  const id = useId();
  const brandKit = useBrandKit();
  const offlineWriter = useHealth().data?.adapters.ai.sandbox === true;
  const brandTone = brandKit.data?.defaultTone;
  const startTone = generatorStartTone(settings.defaultTone, brandTone);

  const save = useSaveUserSettings({
    saved: { title: 'Content Defaults Updated', description: 'Your content defaults have been saved.' },
    notSaved: { title: 'Content Defaults Not Saved', description: CONTENT_DEFAULTS_NOT_SAVED },
  });

  const toneId = `${id}-tone`;
  const languageId = `${id}-language`;
  const toneHint =
    startTone && startTone !== settings.defaultTone
      ? `The Content Generator starts on your brand kit's tone (${toneLabels[startTone]}) while this is Professional; pick another to use your own.`
      : 'The tone the Content Generator starts on. You can still change it for each batch.';
  const languageHint = offlineWriter
    ? 'The language your posts and hashtags are written in, once an AI service is connected. Until then the built-in offline writer writes English only.'
    : 'The language the AI writer writes your posts and hashtags in.';

  return (
    <SettingsSection
      id="content-defaults"
      title="Content defaults"
      description="How new posts start out when you write them. Saved as soon as you change one."
    >
      <Card className="divide-y divide-slate-100 px-5 sm:px-6">
        <div className="grid gap-5 py-5 sm:grid-cols-2">
          <FormField id={toneId} label="Default tone" hint={toneHint}>
            <Select
              id={toneId}
              value={settings.defaultTone}
              onChange={(event) => save({ defaultTone: event.target.value as Tone })}
              aria-describedby={describedBy(toneId, {})}
            >
              {tones.map((tone) => (
                <option key={tone} value={tone}>
                  {toneLabels[tone]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={languageId} label="Content language" hint={languageHint}>
            <Select
              id={languageId}
              value={settings.contentLanguage}
              onChange={(event) => save({ contentLanguage: event.target.value })}
              aria-describedby={describedBy(languageId, {})}
            >
              {languageOptions(settings.contentLanguage).map((language) => (
                <option key={language.value} value={language.value}>
                  {language.label}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <SwitchRow
          id={`${id}-auto-publish`}
          label="Auto-publish"
          description="Saved for later: today every scheduled post is published at its time whether this is on or off."
          checked={settings.autoPublish}
          onCheckedChange={(on) => save({ autoPublish: on })}
        />
      </Card>
    </SettingsSection>
  );
}
