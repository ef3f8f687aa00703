import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from '../components/ui/use-toast';
import { createQueryClient } from '../lib/query-client';
import { whenIdle } from '../lib/when-idle';

const queryClient = createQueryClient();

// Radix Toast is loaded after the first paint (or with the first toast): it is not needed to
// draw the landing page, whose first load has a size budget.
const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

function ToastOutlet() {
  const current = useCurrentToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}
