import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';

export type ClassFilter = {
  /** The classes on offer (an assessor's own, or every class for an admin); empty until loaded. */
  classes: { id: string; name: string }[];
  /** The chosen class; null for every student the person sees. */
  classId: string | null;
  /** False until the remembered choice is known: the lists it filters wait for it. */
  ready: boolean;
  choose: (classId: string | null) => void;
};

/**
 * The class filter the grading queue, the Evidence Matrix and Email Outstanding share, remembered on
 * the server per person (`staff.classFilter.get`), so it follows them to another device. The choice
 * shows at once; saving happens behind it.
 */
export function useClassFilter(): ClassFilter {
  const utils = trpc.useUtils();
  const filter = trpc.staff.classFilter.get.useQuery(undefined, { staleTime: 60_000 });
  const save = trpc.staff.classFilter.set.useMutation({
    onSuccess: (saved) => utils.staff.classFilter.get.setData(undefined, saved),
    onError: (error) => {
      toastError('Could not remember the class', errorMessage(error, 'Please try again'));
      void utils.staff.classFilter.get.invalidate();
    },
  });
  return {
    classes: filter.data?.classes ?? [],
    classId: filter.data?.classId ?? null,
    // A failed read of the preference must not hold the screen back: it shows everyone.
    ready: filter.isSuccess || filter.isError,
    choose(classId) {
      utils.staff.classFilter.get.setData(undefined, (data) => (data ? { ...data, classId } : data));
      save.mutate({ classId });
    },
  };
}
