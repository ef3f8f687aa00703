import type { CreateSubscriptionResponse } from '../../../../contracts/billing';

/** What the page hands either payment form (Stripe's Payment Element or the sandbox card form). */
export interface PaymentFormProps {
  setup: CreateSubscriptionResponse;
  /** True from Subscribe until the payment is refused (or the page moves on). */
  processing: boolean;
  onProcessingChange: (processing: boolean) => void;
  /** The payment went through: refresh, thank, and leave. */
  onPaid: () => Promise<void>;
  /** The payment was refused or could not be sent; `error` carries the provider's message. */
  onFailed: (error: unknown) => void;
}
