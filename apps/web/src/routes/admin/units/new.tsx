import { createFileRoute } from '@tanstack/react-router';
import { UnitFormPage } from '../../../features/admin/units/unit-form-page';

export const Route = createFileRoute('/admin/units/new')({ component: NewUnitRoute });

function NewUnitRoute() {
  return <UnitFormPage />;
}
