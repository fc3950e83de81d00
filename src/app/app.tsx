import { AuthGate } from './auth-gate';
import { AppProvider } from './provider';
import { Shell } from './shell';

export function App() {
  return (
    <AppProvider>
      {/* Keyed by user: another workspace starts with its own screen state and subscriptions. */}
      <AuthGate>{(user) => <Shell key={user.id} user={user} />}</AuthGate>
    </AppProvider>
  );
}
