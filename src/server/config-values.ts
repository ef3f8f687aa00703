import { z } from 'zod';

/** The shapes environment values are read with (config.ts, config-social.ts): an empty value is unset. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** 'true' or 'false' (default false), read as a boolean. */
export const trueOrFalse = () =>
  z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true');
