import { Link2 } from 'lucide-react';
import { useId } from 'react';
import { linkMessages } from '../../../../contracts/links';
import { InlineLoading } from '../../../components/full-page-message';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Card } from '../../../components/ui/card';
import { SwitchRow } from '../../../components/ui/switch-row';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useCan } from '../../auth/use-permission';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';
import { useLinkSettings, useUpdateLinkSettings } from '../api/link-settings';

/**
 * Short links on published posts, and UTM tags on where links lead (GET/PUT /api/link-settings):
 * the posts' short links and the bio page's links, whose UTM tags every plan may turn off. Each
 * switch saves at once. On Free (`available: false`) an upgrade prompt stands for short links.
 */
export function ShortLinksCard() {
  const id = useId();
  const settings = useLinkSettings();
  const update = useUpdateLinkSettings();
  const mayEdit = useCan('brand.manage');

  if (settings.isPending) {
    return (
      <Card>
        <InlineLoading message="Loading your link settings..." />
      </Card>
    );
  }
  if (settings.isError)
    return <QueryFailureCard title="Your link settings could not be loaded" query={settings} />;

  const current = settings.data;
  const change = (patch: Partial<{ shortLinks: boolean; utm: boolean }>) =>
    update.mutate(
      { shortLinks: current.shortLinks, utm: current.utm, ...patch },
      {
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          toast({
            title: 'Setting not saved',
            description: failureMessage(failure, 'The link settings could not be saved. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  const host = current.origin.replace(/^https?:\/\//, '');

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-600">
          <Link2 className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Short links</h2>
          <p className="text-sm text-slate-600">
            When a post is published, its links become{' '}
            <span className="font-medium break-all text-slate-800">{`${host}/l/…`}</span>, so you see the
            visits each post brings. Drafts keep your links as written.
          </p>
        </div>
      </div>
      <div className="mt-2 divide-y divide-slate-100">
        {current.available ? (
          <SwitchRow
            id={`${id}-short`}
            label="Shorten links in published posts"
            description="Each link gets its own short link, counted in Analytics."
            checked={current.shortLinks}
            disabled={!mayEdit}
            onCheckedChange={(shortLinks) => change({ shortLinks })}
          />
        ) : (
          <div className="py-4">
            <UpgradePrompt
              title="Short links are not in your plan"
              message={linkMessages.shortLinksNotInPlan}
              plan="starter"
            />
          </div>
        )}
        <SwitchRow
          id={`${id}-utm`}
          label="Add UTM tags"
          description="Your bio page’s links and your posts’ short links tell your site’s analytics where each visit came from: the network, “social”, the campaign. Links that already have UTM tags keep theirs; each post can turn them off. It applies to links made after the change."
          checked={current.utm}
          disabled={!mayEdit}
          onCheckedChange={(utm) => change({ utm })}
        />
      </div>
    </Card>
  );
}
