import { describe, expect, it } from 'vitest';
import {
  checkSandboxCard,
  passesLuhn,
  readCardNumber,
  type SandboxCard,
  SandboxCardInvalidError,
  sandboxCardMessages,
} from './sandbox-card';

const now = new Date('2026-11-22T15:30:00Z');
const good: SandboxCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** The message of the SandboxCardInvalidError the card is refused with. */
function refusal(card: Partial<SandboxCard>, at = now): string {
  try {
    checkSandboxCard({ ...good, ...card }, at);
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxCardInvalidError);
    return (error as Error).message;
  }
  throw new Error('the card was accepted');
}

describe('checkSandboxCard', () => {
  it('approves the success card, with or without spaces', () => {
    expect(checkSandboxCard(good, now)).toEqual({ approved: true });
    expect(checkSandboxCard({ ...good, cardNumber: '4242424242424242' }, now)).toEqual({ approved: true });
  });

  it('approves other well-formed cards (Mastercard, a 4-digit CVC on Amex)', () => {
    expect(checkSandboxCard({ ...good, cardNumber: '5555 5555 5555 4444' }, now).approved).toBe(true);
    expect(checkSandboxCard({ ...good, cardNumber: '3782 822463 10005', cvc: '1234' }, now).approved).toBe(
      true,
    );
  });

  it("declines Stripe's decline test card with Stripe's message", () => {
    expect(checkSandboxCard({ ...good, cardNumber: '4000 0000 0000 0002' }, now)).toEqual({
      approved: false,
      message: 'Your card was declined.',
    });
  });

  it('declines the insufficient-funds test card', () => {
    expect(checkSandboxCard({ ...good, cardNumber: '4000000000009995' }, now)).toEqual({
      approved: false,
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses a number that fails the Luhn check, has letters, or a wrong length', () => {
    expect(refusal({ cardNumber: '4242 4242 4242 4241' })).toBe(sandboxCardMessages.numberInvalid);
    expect(refusal({ cardNumber: '4242-4242-4242-4242' })).toBe(sandboxCardMessages.numberInvalid);
    expect(refusal({ cardNumber: '4242 abcd 4242 4242' })).toBe(sandboxCardMessages.numberInvalid);
    expect(refusal({ cardNumber: '424242424242' })).toBe(sandboxCardMessages.numberInvalid);
    expect(refusal({ cardNumber: '42424242424242424242' })).toBe(sandboxCardMessages.numberInvalid);
    expect(refusal({ cardNumber: '   ' })).toBe(sandboxCardMessages.numberIncomplete);
  });

  it('accepts MM/YY and MM / YY, valid through the end of the expiry month', () => {
    expect(checkSandboxCard({ ...good, expiry: '11/26' }, now).approved).toBe(true);
    expect(checkSandboxCard({ ...good, expiry: '11 / 26' }, now).approved).toBe(true);
    expect(
      checkSandboxCard({ ...good, expiry: '11/26' }, new Date('2026-11-30T23:59:59.999Z')).approved,
    ).toBe(true);
    expect(refusal({ expiry: '11/26' }, new Date('2026-12-01T00:00:00Z'))).toBe('Your card has expired.');
  });

  it('rolls a December expiry over into the next year', () => {
    expect(checkSandboxCard({ ...good, expiry: '12/26' }, new Date('2026-12-31T12:00:00Z')).approved).toBe(
      true,
    );
    expect(refusal({ expiry: '12/26' }, new Date('2027-01-01T00:00:00Z'))).toBe(sandboxCardMessages.expired);
  });

  it('refuses an expiry in the past, or one that is not a month and year', () => {
    expect(refusal({ expiry: '10/26' })).toBe(sandboxCardMessages.expired);
    expect(refusal({ expiry: '13/30' })).toBe(sandboxCardMessages.expiryInvalid);
    expect(refusal({ expiry: '00/30' })).toBe(sandboxCardMessages.expiryInvalid);
    expect(refusal({ expiry: '1/30' })).toBe(sandboxCardMessages.expiryInvalid);
    expect(refusal({ expiry: '12/2030' })).toBe(sandboxCardMessages.expiryInvalid);
    expect(refusal({ expiry: '' })).toBe(sandboxCardMessages.expiryIncomplete);
  });

  it('refuses a security code that is not 3 or 4 digits', () => {
    expect(refusal({ cvc: '12' })).toBe(sandboxCardMessages.cvcInvalid);
    expect(refusal({ cvc: '12345' })).toBe(sandboxCardMessages.cvcInvalid);
    expect(refusal({ cvc: '12a' })).toBe(sandboxCardMessages.cvcInvalid);
    expect(refusal({ cvc: '' })).toBe(sandboxCardMessages.cvcIncomplete);
  });

  it('checks a decline card for malformed fields before declining it', () => {
    expect(refusal({ cardNumber: '4000 0000 0000 0002', cvc: '1' })).toBe(sandboxCardMessages.cvcInvalid);
  });
});

describe('readCardNumber and passesLuhn', () => {
  it('answers the digits without spaces', () => {
    expect(readCardNumber(' 4242 4242 4242 4242 ')).toBe('4242424242424242');
  });

  it('computes the Luhn checksum', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4000000000000002')).toBe(true);
  });
});
