import { AccountsStep } from './steps/accounts-step';
import { CalendarStep } from './steps/calendar-step';
import { DashboardStep } from './steps/dashboard-step';
import { FinalStep } from './steps/final-step';
import { GeneratorStep } from './steps/generator-step';
import { WelcomeStep } from './steps/welcome-step';

/** The mock screen of one tour step (0..5). */
export function StepContent({ step, onClose }: { step: number; onClose: () => void }) {
  switch (step) {
    case 0:
      return <WelcomeStep />;
    case 1:
      return <DashboardStep />;
    case 2:
      return <GeneratorStep />;
    case 3:
      return <CalendarStep />;
    case 4:
      return <AccountsStep />;
    default:
      return <FinalStep onClose={onClose} />;
  }
}
