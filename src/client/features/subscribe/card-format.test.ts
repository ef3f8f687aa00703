import { describe, expect, it } from 'vitest';
import { cardForConfirm, formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('formatCardNumber', () => {
  it('groups digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('stops at 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });
});

describe('formatExpiry', () => {
  it('writes MM / YY once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('reads a first digit above 1 as a single-digit month', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('430')).toBe('04 / 30');
  });

  it('lets the separator be deleted', () => {
    // Backspace over '12 / 3' leaves '12 / '; the formatter gives '12', not a stuck separator.
    expect(formatExpiry('12 / ')).toBe('12');
  });
});

describe('formatCvc and cardForConfirm', () => {
  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('sends digits and MM/YY to the server', () => {
    expect(cardForConfirm({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(cardForConfirm({ cardNumber: '', expiry: '1', cvc: '' })).toEqual({
      cardNumber: '',
      expiry: '1',
      cvc: '',
    });
  });
});
