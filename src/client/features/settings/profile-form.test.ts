import { describe, expect, it } from 'vitest';
import { updateProfileBody } from '../../../contracts/settings';
import { changedProfileFields, type ProfileValues } from './profile-form';

const saved: ProfileValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: '',
  phone: '',
};

describe('changedProfileFields', () => {
  it('finds nothing changed in the saved values', () => {
    expect(changedProfileFields(saved, { ...saved })).toEqual([]);
  });

  it('lists each field whose stored value would change', () => {
    expect(
      changedProfileFields(saved, { ...saved, company: 'Analytical Engines', phone: '+44 20 7946 0000' }),
    ).toEqual(['company', 'phone']);
    expect(changedProfileFields(saved, { ...saved, firstName: 'Augusta' })).toEqual(['firstName']);
  });

  it('ignores what the contract would normalise away: spaces around, capitals in the email', () => {
    const typed = { ...saved, firstName: ' Ada ', email: 'ADA@Example.com ' };
    expect(changedProfileFields(saved, typed)).toEqual([]);
    // The same normalisation as the contract's: what it stores is what was saved.
    const parsed = updateProfileBody.parse(typed);
    expect(parsed.email).toBe(saved.email);
    expect(parsed.firstName).toBe(saved.firstName);
  });

  it('counts a cleared field as a change', () => {
    expect(changedProfileFields({ ...saved, company: 'Acme' }, saved)).toEqual(['company']);
  });
});
