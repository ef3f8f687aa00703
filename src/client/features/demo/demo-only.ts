import { toast } from '../../components/ui/use-toast';

/** What the tour's sample buttons do: say, once, that this is a tour and how to do it for real. */
export function showDemoOnly(action: string): void {
  toast({
    title: 'This is a sample',
    description: `Start your free trial to ${action} for real.`,
  });
}
