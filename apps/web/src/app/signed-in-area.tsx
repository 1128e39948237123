import { AppShellLayout } from './layouts/app-shell-layout';
import { RequireAuth } from './require-auth';

/** Everything behind sign-in: the route guard around the app shell (one lazily loaded chunk). */
export function SignedInArea() {
  return (
    <RequireAuth>
      <AppShellLayout />
    </RequireAuth>
  );
}
