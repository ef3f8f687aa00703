/**
 * Light formatting of the sandbox card form as the user types (Stripe's Payment Element does
 * its own). The server checks the card; these only keep the fields readable.
 */

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Groups of four: '4242 4242 4242 4242' (up to 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * 'MM / YY'. A first digit above 1 can only be a single-digit month, so it becomes '0N'. The
 * separator appears once the year starts, so deleting back over it never gets stuck.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length > 0 && Number(digits[0]) > 1) digits = `0${digits}`.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return digitsOnly(value).slice(0, 4);
}

/** What the sandbox's confirm call receives: the number's digits, 'MM/YY', the CVC's digits. */
export function cardForConfirm(card: { cardNumber: string; expiry: string; cvc: string }) {
  const expiry = digitsOnly(card.expiry);
  return {
    cardNumber: digitsOnly(card.cardNumber),
    expiry: expiry.length > 2 ? `${expiry.slice(0, 2)}/${expiry.slice(2)}` : expiry,
    cvc: digitsOnly(card.cvc),
  };
}
