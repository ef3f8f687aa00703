import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { parseStripeForm } from './stripe-form';
import {
  type DeepPartial,
  emptyStore,
  type FakeInvoice,
  type FakeSubscription,
  renderInvoice,
  renderSubscription,
  type StripeFakeStore,
} from './stripe-objects';
import { openInvoice, routeStripeRequest, StripeFakeError } from './stripe-routes';

/*
 * A loopback Stripe API for the endpoints the Stripe adapter calls (customers, subscriptions,
 * invoice payments, refunds, billing portal sessions), kept in memory. Like Stripe it reads
 * form-encoded bodies, wants `Authorization: Bearer <secret key>`, answers `{error: {type, code,
 * message}}` on failure, honours `expand[]` and replays a POST sent again with the same
 * Idempotency-Key. Tests play the browser's part (confirmPayment with the client secret) and
 * time's (renew), read the objects to build webhook events (stripe-events.ts), and can make the
 * next calls fail.
 */

export interface StripeFakeRequest {
  method: string;
  /** The path without its query, e.g. /v1/subscriptions. */
  path: string;
  /** The query string, parsed the way Stripe parses it (GET parameters live there). */
  query: Record<string, unknown>;
  /** The form body, parsed. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** The status the fake answered. */
  status: number;
  /** True when the answer was replayed for a repeated Idempotency-Key. */
  replayed: boolean;
}

/** A failure to answer instead of the next matching request (after the key is checked). */
export type StripeFakeFailure =
  | { status: 500 | 502 | 503; times?: number; path?: string }
  | {
      status: 400 | 402 | 404;
      type: 'card_error' | 'invalid_request_error';
      code: string;
      message: string;
      decline_code?: string;
      times?: number;
      path?: string;
    };

export type CardOutcome = 'succeeds' | 'declined';

export interface StripeFake {
  baseUrl: string;
  requests: StripeFakeRequest[];
  store: StripeFakeStore;
  /** Requests to a path (and method), in order. */
  requestsTo(path: string, method?: string): StripeFakeRequest[];
  failNext(failure: StripeFakeFailure): void;
  /**
   * What stripe.confirmPayment does in the browser with a subscription's client secret: with a
   * card that succeeds the first invoice is paid and the subscription becomes active; a declined
   * card leaves both waiting, with the decline as the PaymentIntent's last payment error.
   */
  confirmPayment(
    clientSecret: string,
    card?: CardOutcome,
  ): { subscription: Stripe.Subscription; invoice: Stripe.Invoice };
  /** A new period starts: its invoice is paid, or the card is declined and the subscription goes past_due. */
  renew(
    subscriptionId: string,
    card?: CardOutcome,
  ): { subscription: Stripe.Subscription; invoice: Stripe.Invoice };
  /** The subscription as the API (or a webhook) would show it. */
  subscription(id: string): Stripe.Subscription;
  /** The invoice as the API (or a webhook) would show it. */
  invoice(id: string): Stripe.Invoice;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
/** The fake's JSON is typed as deep partials of the SDK's types; tests read it through the SDK's. */
const asStripe = <T>(value: DeepPartial<T>) => value as T;

export const DECLINE = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
} as const;

export async function startStripeFake(options: {
  secretKey: string;
  /** The prices the fake sells: price id → monthly amount in cents. */
  prices: Record<string, number>;
}): Promise<StripeFake> {
  const store = emptyStore();
  const requests: StripeFakeRequest[] = [];
  const failures: StripeFakeFailure[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let baseUrl = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const [path = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const method = req.method ?? 'GET';
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const record: StripeFakeRequest = {
      method,
      path,
      query: parseStripeForm(rawQuery),
      params: parseStripeForm(body),
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      status: 0,
      replayed: false,
    };
    requests.push(record);
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...headers,
        })
        .end(JSON.stringify(json));
    };

    if (header('authorization') !== `Bearer ${options.secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    }
    const failureAt = failures.findIndex((failure) => !failure.path || path.startsWith(failure.path));
    const failure = failures[failureAt];
    if (failure) {
      if ((failure.times ?? 1) <= 1) failures.splice(failureAt, 1);
      else failure.times = (failure.times ?? 1) - 1;
      if (!('type' in failure)) {
        return send(failure.status, {
          error: { type: 'api_error', message: "Something went wrong on Stripe's end." },
        });
      }
      const { status, times: _times, path: _path, ...error } = failure;
      return send(status, { error });
    }

    const key = method === 'POST' ? record.idempotencyKey : null;
    const fingerprint = `${method} ${path} ${body}`;
    const earlier = key ? idempotent.get(key) : undefined;
    if (key && earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      record.replayed = true;
      return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }

    let status = 200;
    let json: unknown;
    try {
      json = routeStripeRequest({
        store,
        method,
        path,
        params: method === 'GET' || method === 'DELETE' ? record.query : record.params,
        prices: options.prices,
        baseUrl,
        newId,
        now: nowSeconds(),
      });
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      status = error.status;
      json = { error: error.body };
    }
    if (key) idempotent.set(key, { fingerprint, status, body: json });
    send(status, json);
  }

  const subscriptionOf = (id: string) => {
    const sub = store.subscriptions.get(id);
    if (!sub) throw new Error(`the Stripe fake has no subscription ${id}`);
    return sub;
  };
  const invoiceOf = (id: string) => {
    const invoice = store.invoices.get(id);
    if (!invoice) throw new Error(`the Stripe fake has no invoice ${id}`);
    return invoice;
  };
  const view = (sub: FakeSubscription, invoice: FakeInvoice) => ({
    subscription: asStripe<Stripe.Subscription>(renderSubscription(store, sub)),
    invoice: asStripe<Stripe.Invoice>(renderInvoice(store, invoice)),
  });

  /** One payment attempt on an open invoice, as Stripe would record it. */
  function attempt(invoice: FakeInvoice, card: CardOutcome, at: number) {
    const intent = store.paymentIntents.get(invoice.paymentIntent);
    const payment = store.invoicePayments.get(invoice.invoicePayment);
    if (!intent || !payment) throw new Error(`invoice ${invoice.id} has no payment`);
    invoice.attemptCount += 1;
    if (card === 'declined') {
      intent.status = 'requires_payment_method';
      intent.lastPaymentError = { ...DECLINE };
      return false;
    }
    intent.status = 'succeeded';
    intent.lastPaymentError = null;
    intent.latestCharge = newId('ch');
    payment.status = 'paid';
    payment.amountPaid = payment.amountRequested;
    payment.paidAt = at;
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.paidAt = at;
    return true;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    store,
    requestsTo: (path, method) =>
      requests.filter((request) => request.path === path && (!method || request.method === method)),
    failNext: (failure) => failures.push({ ...failure }),
    confirmPayment(clientSecret, card = 'succeeds') {
      const intent = [...store.paymentIntents.values()].find((pi) => pi.clientSecret === clientSecret);
      const invoice = intent && [...store.invoices.values()].find((inv) => inv.paymentIntent === intent.id);
      if (!intent || !invoice) throw new Error('the Stripe fake knows no payment with this client secret');
      if (invoice.status !== 'open') throw new Error(`invoice ${invoice.id} is ${invoice.status}, not open`);
      const sub = subscriptionOf(invoice.subscription);
      if (attempt(invoice, card, nowSeconds()) && sub.status === 'incomplete') sub.status = 'active';
      return view(sub, invoice);
    },
    renew(subscriptionId, card = 'succeeds') {
      const sub = subscriptionOf(subscriptionId);
      sub.periodStart = sub.periodEnd;
      sub.periodEnd += 30 * DAY;
      const invoice = openInvoice(store, newId, sub, 'subscription_cycle');
      sub.status = attempt(invoice, card, sub.periodStart) ? 'active' : 'past_due';
      return view(sub, invoice);
    },
    subscription: (id) => asStripe<Stripe.Subscription>(renderSubscription(store, subscriptionOf(id))),
    invoice: (id) => asStripe<Stripe.Invoice>(renderInvoice(store, invoiceOf(id))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
