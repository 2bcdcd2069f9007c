import { ComingSoon } from '../shell/coming-soon';

export function UnitSetupPage() {
  return (
    <ComingSoon
      title="Set Up Your Unit"
      subtitle="Enter your unit of competency code to generate your workplace tasks."
      description="Unit setup is on its way. Soon you will enter a unit code here and get plain-language workplace tasks generated from its Performance Evidence."
    />
  );
}
