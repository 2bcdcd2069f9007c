import { ComingSoon } from '../shell/coming-soon';

export function UsersPage() {
  return (
    <ComingSoon
      title="Users"
      subtitle="Everyone with an account at your RTO."
      description="Users management is on its way. Soon you will see every user here and view the app as a student or assessor."
    />
  );
}
