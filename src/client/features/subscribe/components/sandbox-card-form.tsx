import { FlaskConical } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { cardForConfirm, formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import type { PaymentFormProps } from './payment-form-props';
import { SubscribeButton } from './subscribe-button';

const emptyCard = { cardNumber: '', expiry: '', cvc: '' };
type CardField = keyof typeof emptyCard;

const formatters: Record<CardField, (value: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

/**
 * The sandbox's card form (no Stripe keys configured): clearly labelled, no money moves. The
 * server decides like Stripe's test mode would: 4242… succeeds, 4000 0000 0000 0002 is declined.
 */
export function SandboxCardForm({
  setup,
  processing,
  onProcessingChange,
  onPaid,
  onFailed,
}: PaymentFormProps) {
  const [card, setCard] = useState(emptyCard);
  const confirm = useConfirmSandboxPayment();

  const field = (name: CardField) => ({
    name,
    value: card[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = formatters[name](event.target.value);
      setCard((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    onProcessingChange(true);
    try {
      await confirm.mutateAsync({ clientSecret: setup.clientSecret, ...cardForConfirm(card) });
    } catch (error) {
      onProcessingChange(false);
      onFailed(error);
      return;
    }
    await onPaid();
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Sandbox card payment">
      <SandboxNotice />
      <fieldset disabled={processing} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="sandbox-card-number">Card number</Label>
          <Input
            id="sandbox-card-number"
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            className="h-11 font-mono tracking-wide"
            {...field('cardNumber')}
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div className="grid gap-2">
            <Label htmlFor="sandbox-card-expiry">Expiry</Label>
            <Input
              id="sandbox-card-expiry"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              maxLength={7}
              className="h-11 font-mono"
              {...field('expiry')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="sandbox-card-cvc">CVC</Label>
            <Input
              id="sandbox-card-cvc"
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              maxLength={4}
              className="h-11 font-mono"
              {...field('cvc')}
            />
          </div>
        </div>
      </fieldset>
      <SubscribeButton processing={processing} />
      <p className="text-center text-xs text-slate-500">Sandbox payment: no card is charged.</p>
    </form>
  );
}

function SandboxNotice() {
  return (
    <div
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      role="note"
      aria-label="Sandbox billing"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        Sandbox billing: no money moves
      </p>
      <p className="mt-1.5 text-amber-900">
        This is a test checkout. Use any future expiry date and any 3-digit CVC with one of these cards:
      </p>
      <ul className="mt-2 grid gap-1">
        <li className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-mono font-medium">4242 4242 4242 4242</span>
          <span className="text-xs">succeeds</span>
        </li>
        <li className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-mono font-medium">4000 0000 0000 0002</span>
          <span className="text-xs">is declined</span>
        </li>
      </ul>
    </div>
  );
}
