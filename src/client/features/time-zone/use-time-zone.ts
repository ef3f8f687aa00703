import { useAuth } from '../auth/api/get-current-user';
import { effectiveTimeZone } from './time-zones';

export interface UserTimeZone {
  /** The zone times are shown and entered in. */
  zone: string;
  /** True when the user chose it; false when it is the browser's. */
  chosen: boolean;
}

/** The signed-in user's time zone setting, defaulting to the browser's. */
export function useTimeZone(): UserTimeZone {
  const { user } = useAuth();
  const saved = user?.timezone ?? null;
  return { zone: effectiveTimeZone(saved), chosen: saved !== null };
}
