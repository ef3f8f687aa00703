import { Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The payment forms' submit button: 'Subscribe', then 'Processing...' while paying (spec §2). */
export function SubscribeButton({ processing, disabled }: { processing: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={processing || disabled}>
      {processing ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
      {processing ? 'Processing...' : 'Subscribe'}
    </Button>
  );
}
