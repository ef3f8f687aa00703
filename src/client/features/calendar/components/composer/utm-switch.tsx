import { SwitchRow } from '../../../../components/ui/switch-row';
import { useLinkSettings } from '../../../links/api/link-settings';

/** A link written with its scheme: only those become short links (bare domains stay as written). */
const WRITTEN_LINK = /\bhttps?:\/\/\S/i;

interface UtmSwitchProps {
  id: string;
  /** The post's texts: its content, thread and first comment (the switch shows when one has a link). */
  texts: string[];
  value: boolean;
  onChange: (utm: boolean) => void;
}

/**
 * "Add UTM tags" for this post (its `utm`): shown only when the workspace shortens links with UTM
 * tags (Short links on /links) and the post has a link; off, its short links lead to the links as
 * written.
 */
export function UtmSwitch({ id, texts, value, onChange }: UtmSwitchProps) {
  const settings = useLinkSettings();
  const on = settings.data?.available && settings.data.shortLinks && settings.data.utm;
  if (!on || !texts.some((text) => WRITTEN_LINK.test(text))) return null;
  return (
    <SwitchRow
      id={id}
      label="Add UTM tags"
      description="Its short links tell your site’s analytics the network, “social”, the campaign and this post. Links that already have UTM tags keep theirs."
      checked={value}
      onCheckedChange={onChange}
      className="items-center rounded-lg border border-slate-200 px-3 py-2.5"
    />
  );
}
