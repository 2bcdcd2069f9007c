import { createFileRoute } from '@tanstack/react-router';
import { UnitFormPage } from '../../../../features/admin/units/unit-form-page';

export const Route = createFileRoute('/admin/units/$id/edit')({
  loader: ({ context, params }) => {
    // Started here rather than awaited: the form shows its own loading state.
    if (params.id === 'new') return;
    void context
      .loadDataLayer()
      .then(({ trpcUtils }) => trpcUtils.admin.units.get.prefetch({ id: params.id }));
  },
  component: EditUnitRoute,
});

function EditUnitRoute() {
  const { id } = Route.useParams();
  return <UnitFormPage unitId={id} />;
}
