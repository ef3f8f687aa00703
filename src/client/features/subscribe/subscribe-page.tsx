import { useSearch } from 'wouter';
import { planId, plans } from '../../../contracts/plans';
import { ComingSoonPage } from '../../components/coming-soon';

export function SubscribePage() {
  const search = useSearch();
  const requested = planId.safeParse(new URLSearchParams(search).get('plan'));
  const plan = requested.success ? plans[requested.data] : null;
  return (
    <ComingSoonPage
      title="Subscribe"
      description={
        plan && plan.price > 0
          ? `You chose the ${plan.name} plan: $${plan.price}/month after your free trial.`
          : 'Choose a plan and pay by card.'
      }
      promise="choose a plan and pay securely by card"
    />
  );
}
