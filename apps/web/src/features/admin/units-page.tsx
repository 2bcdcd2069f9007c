import { ComingSoon } from '../shell/coming-soon';

export function UnitsPage() {
  return (
    <ComingSoon
      title="Units"
      subtitle="Units of competency and their workplace tasks."
      description="Units management is on its way. Soon you will create, edit and delete units here and generate tasks from their Performance Evidence."
    />
  );
}
