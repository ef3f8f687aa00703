import { Check, Copy, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type CreateInvitationResponse,
  createInvitationBody,
  invitableRole,
  invitationEmailTexts,
  roleDescriptions,
  roleLabels,
} from '../../../../contracts/team';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { useCreateInvitation } from '../api/create-invitation';
import { withArticle } from '../team-display';

interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invite by email: the server queues the email; the dialog then says what became of it and shows the link. */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const [sent, setSent] = useState<CreateInvitationResponse | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    // Opened again, the dialog starts with an empty form.
    if (!next) setSent(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        {sent ? <InviteSent invitation={sent} /> : <InviteForm onSent={setSent} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onSent }: { onSent: (invitation: CreateInvitationResponse) => void }) {
  const id = useId();
  const form = useContractForm(createInvitationBody, {
    defaultValues: { email: '', role: 'editor' },
    shouldFocusError: false,
  });
  const { email, role } = form.watch();
  const errors = form.formState.errors;
  // One place in this dialog says what is wrong: the address, the role, or the server's refusal.
  const error = fieldMessage(errors.email) ?? fieldMessage(errors.role) ?? errors.root?.message ?? null;
  const create = useCreateInvitation();

  const submit = form.handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (invitation) => {
        // Only what is true of the email: queued, kept by a sandbox, or not sent (decision 046).
        const texts = invitationEmailTexts[invitation.emailStatus];
        toast({ title: texts.title, description: texts.toast(invitation.email) });
        onSent(invitation);
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        // 400 (a bad address), 409 (already a member or invited), 402 (plan), 403 (role): say why here.
        if (setServerIssues(failure, form.setError, ['email', 'role']) === 0) {
          form.setError('root', {
            type: 'server',
            message:
              failureIssues(failure)[0]?.message ??
              failureMessage(failure, 'The invitation could not be sent.'),
          });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Invite a team member</DialogTitle>
        <DialogDescription>
          We email them a link to join this workspace. It works for 7 days, and you can revoke it.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="teammate@business.com"
          {...form.register('email', { onChange: () => form.clearErrors() })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <Select id={`${id}-role`} {...form.register('role')} aria-describedby={`${id}-role-description`}>
          {invitableRole.options.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </Select>
        <p id={`${id}-role-description`} className="text-sm text-slate-600">
          {roleDescriptions[role]}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <DialogActions
        pending={create.isPending}
        disabled={create.isPending || email.trim().length === 0}
        icon={Send}
        label="Send invitation"
        pendingLabel="Sending..."
      />
    </form>
  );
}

function InviteSent({ invitation }: { invitation: CreateInvitationResponse }) {
  const id = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const texts = invitationEmailTexts[invitation.emailStatus];
  // The Send button that had focus is gone: the keyboard continues on Copy link.
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={Check} className="bg-emerald-50 text-emerald-700" />
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>
          {texts.dialogLead} <span className="font-medium text-slate-900">{invitation.email}</span>
          {invitation.emailStatus === 'queued'
            ? ` a link to join as ${withArticle(roleLabels[invitation.role])}. ${texts.dialogTail}`
            : ` ${texts.dialogTail}`}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-link`} className="sr-only">
          Invitation link
        </label>
        <Input
          id={`${id}-link`}
          readOnly
          value={invitation.inviteUrl}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button ref={copyRef} variant="secondary" onClick={() => void copyText(invitation.inviteUrl)}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
