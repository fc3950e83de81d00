import { AuthGate } from './auth-gate';
import { AppProvider } from './provider';
import { Shell } from './shell';

export function App() {
  return (
    <AppProvider>
      <AuthGate>{(userId) => <Shell userId={userId} />}</AuthGate>
    </AppProvider>
  );
}
