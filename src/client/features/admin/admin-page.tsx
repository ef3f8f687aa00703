import { ArrowLeft, KeyRound, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { CenteredCardPage } from '../../components/centered-card-page';
import { EmptyState } from '../../components/empty-state';
import { FullPageMessage } from '../../components/full-page-message';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { useAdminSession } from './api/get-admin-session';
import { AdminAccessDialog } from './components/admin-access-dialog';
import { SubscriptionsCard } from './components/subscriptions-card';

/**
 * /admin. The server decides (GET /api/admin/me); the session storage flag grants nothing.
 * Without an admin session the page asks for the access code instead of showing data.
 */
export function AdminPage() {
  const session = useAdminSession();
  if (session.isPending) return <FullPageMessage message="Loading..." />;
  if (!session.data) return <AdminLocked />;
  return <AdminPortal />;
}

function AdminLocked() {
  const [dialogOpen, setDialogOpen] = useState(true);
  return (
    <CenteredCardPage
      icon={ShieldCheck}
      tone="danger"
      title="Super Admin Portal"
      after={<AdminAccessDialog open={dialogOpen} onOpenChange={setDialogOpen} />}
    >
      <p className="mt-3 text-slate-600">Enter the administrator access code to continue.</p>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button variant="destructive" onClick={() => setDialogOpen(true)}>
          <KeyRound aria-hidden="true" />
          Enter access code
        </Button>
        <Link href={paths.home} className={buttonClasses('outline')}>
          Back to Home
        </Link>
      </div>
    </CenteredCardPage>
  );
}

function AdminPortal() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href={paths.home} className={buttonClasses('ghost', 'sm', 'px-2 sm:px-3')}>
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </div>
          <Badge variant="destructive" className="px-3 py-1">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            Admin Access
          </Badge>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Super Admin Portal</h1>
          <p className="mt-1.5 text-sm text-slate-600 sm:text-base">Manage users, plans and access codes.</p>
        </div>
        <SubscriptionsCard />
        <EmptyState
          icon={Users}
          title="User management arrives in a coming release"
          description="The user table, statistics and the create and edit dialogs of the portal are being built. Your admin session is active."
        />
      </main>
    </div>
  );
}
