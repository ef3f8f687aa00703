import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PaidPlanId } from '../../../../contracts/billing';
import { integrationsByPlan } from '../../../../contracts/integrations';
import { forbiddenMessage } from '../../../../contracts/team';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { buttonClasses } from '../../../components/ui/button';
import { useAuth } from '../../auth/api/get-current-user';
import { useCan } from '../../auth/use-permission';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';

/** Whether this workspace member may use the API screens, and if not, why. */
export type ApiAccess = 'allowed' | 'forbidden' | 'plan';

/**
 * Read from the session: the server decides (403 for the role, 402 for the plan), this only
 * spares a call that would be refused.
 */
export function useApiAccess(): ApiAccess {
  const { user } = useAuth();
  const manages = useCan('api.manage');
  if (!manages) return 'forbidden';
  return user && integrationsByPlan[user.workspace.plan] ? 'allowed' : 'plan';
}

interface ApiAccessPageProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of Settings › API and Settings › Webhooks: the way back to Settings, the title. */
export function ApiAccessPage({ title, description, actions, children }: ApiAccessPageProps) {
  return (
    <div className="grid gap-6">
      <Link href={paths.settings} className={buttonClasses('ghost', 'sm', '-ml-3 justify-self-start')}>
        <ArrowLeft aria-hidden="true" />
        Back to Settings
      </Link>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}

const PLAN_PROMPT_TITLE = 'The API and webhooks come with Professional and Enterprise';

/** Why the page shows nothing: the member's role, or the workspace's plan. */
export function ApiAccessNotice({
  access,
  planMessage,
  plan = 'professional',
}: {
  access: Exclude<ApiAccess, 'allowed'>;
  /** The server's 402 message, when it answered one. */
  planMessage?: string;
  plan?: PaidPlanId;
}) {
  const { user } = useAuth();
  if (access === 'plan') {
    return (
      <UpgradePrompt
        title={PLAN_PROMPT_TITLE}
        message={
          planMessage ??
          'Connect Kitepost to your other tools: create API keys for scripts, Zapier-style automations and AI assistants, and get webhooks when posts go out.'
        }
        plan={plan}
      />
    );
  }
  return (
    <EmptyState
      icon={Lock}
      title="Only owners and admins manage the API"
      description={
        user
          ? forbiddenMessage(user.workspace.role, 'api.manage')
          : 'Ask an owner or admin of this workspace.'
      }
    />
  );
}
