import { billingMessages } from '../../../../contracts/billing';

/**
 * The sandbox card form's rules (pure): what Stripe's test mode would say about the card typed
 * in. Malformed fields throw SandboxCardInvalidError (the route answers 400 with its message);
 * a well-formed card is approved unless it is one of Stripe's test cards that are declined.
 */
export interface SandboxCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type SandboxCardOutcome = { approved: true } | { approved: false; message: string };

/** A card field is malformed or missing; the message says which field and why. */
export class SandboxCardInvalidError extends Error {
  override name = 'SandboxCardInvalidError';
}

export const sandboxCardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: billingMessages.cardExpired,
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: billingMessages.cardDeclined,
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

/** Stripe's test cards that are refused, by number, with Stripe's message. */
const declinedCards: Record<string, string> = {
  '4000000000000002': sandboxCardMessages.declined,
  '4000000000009995': sandboxCardMessages.insufficientFunds,
};

export function checkSandboxCard(card: SandboxCard, now: Date): SandboxCardOutcome {
  const number = readCardNumber(card.cardNumber);
  checkExpiry(card.expiry, now);
  checkCvc(card.cvc);
  const declined = declinedCards[number];
  return declined ? { approved: false, message: declined } : { approved: true };
}

/** The card number's digits (spaces removed), when it has 13 to 19 and passes the Luhn check. */
export function readCardNumber(input: string): string {
  const number = input.replace(/\s+/g, '');
  if (number === '') throw new SandboxCardInvalidError(sandboxCardMessages.numberIncomplete);
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) {
    throw new SandboxCardInvalidError(sandboxCardMessages.numberInvalid);
  }
  return number;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM / YY); a card is valid through the last day of its expiry month (UTC). */
function checkExpiry(input: string, now: Date) {
  const expiry = input.trim();
  if (expiry === '') throw new SandboxCardInvalidError(sandboxCardMessages.expiryIncomplete);
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) throw new SandboxCardInvalidError(sandboxCardMessages.expiryInvalid);
  const year = 2000 + Number(match[2]);
  const firstInvalidInstant = Date.UTC(year, month, 1);
  if (now.getTime() >= firstInvalidInstant) throw new SandboxCardInvalidError(sandboxCardMessages.expired);
}

function checkCvc(input: string) {
  const cvc = input.trim();
  if (cvc === '') throw new SandboxCardInvalidError(sandboxCardMessages.cvcIncomplete);
  if (!/^\d{3,4}$/.test(cvc)) throw new SandboxCardInvalidError(sandboxCardMessages.cvcInvalid);
}
