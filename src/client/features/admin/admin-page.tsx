import { ArrowLeft, KeyRound, ShieldCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { CenteredCardPage } from '../../components/centered-card-page';
import { FullPageMessage } from '../../components/full-page-message';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAdminSession } from './api/get-admin-session';
import { AdminAccessDialog } from './components/admin-access-dialog';
import { AdminStats } from './components/admin-stats';
import { AuditLogCard } from './components/audit-log-card';
import { CreateUserDialog } from './components/create-user-dialog';
import { OutboxCard } from './components/outbox-card';
import { SubscriptionsCard } from './components/subscriptions-card';
import { UsersCard } from './components/users-card';

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
  const [creating, setCreating] = useState(false);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
          <Link href={paths.home} className={buttonClasses('ghost', 'sm', 'px-2 sm:px-3')}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
          <Badge variant="destructive" className="px-3 py-1">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            Admin Access
          </Badge>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:gap-8 sm:px-6 sm:py-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Super Admin Portal
            </h1>
            <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
              Manage users, plans and access codes.
            </p>
          </div>
          <Button className="sm:self-end" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" />
            Create User
          </Button>
        </div>
        <AdminStats />
        {/* Inactive tabs unmount, so each reads its data only when shown. */}
        <Tabs defaultValue="users" className="min-w-0">
          <TabsList className="h-auto grid-cols-2 sm:inline-grid sm:h-11 sm:w-auto sm:grid-cols-4">
            <TabsTrigger value="users">Users</TabsTrigger>
            <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
            <TabsTrigger value="audit">Audit log</TabsTrigger>
            <TabsTrigger value="outbox">Outbox</TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <UsersCard />
          </TabsContent>
          <TabsContent value="subscriptions">
            <SubscriptionsCard />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLogCard />
          </TabsContent>
          <TabsContent value="outbox">
            <OutboxCard />
          </TabsContent>
        </Tabs>
      </main>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
