import { appVersion } from './lib/bridge';

// Placeholder shell: the feature UI replaces this.
export function App() {
  const version = appVersion();
  return (
    <main>
      <h1>Docket</h1>
      {version === undefined ? null : <p>Version {version}</p>}
    </main>
  );
}
