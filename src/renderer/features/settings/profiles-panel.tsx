import { useState } from 'react';
import { CLOUD_SERVERS } from '../../../shared/ipc/channels/profiles';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';

/** Profiles name a server; credentials go to the OS keychain through the core and never come back. */
export function ProfilesPanel() {
  const t = useTranslate();
  const { profiles } = useStore(workspaceStore);
  const [error, setError] = useState<string | null>(null);
  const [checks, setChecks] = useState<Record<string, string>>({});
  if (profiles === null) return null;

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const check = (id: string) =>
    run(async () => {
      const answer = await invoke('profiles.check', { id });
      setChecks((c) => ({ ...c, [id]: answer.ok ? t('settings.checkOk', { count: answer.workspaceCount }) : answer.error.message }));
    });

  return (
    <section aria-labelledby="profiles-title">
      <h2 id="profiles-title">{t('settings.profiles')}</h2>
      {!profiles.keychain.available ? <p className="tone-warn">{t('settings.noKeychain', { problem: profiles.keychain.problem ?? '' })}</p> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
      <table className="data-table">
        <tbody>
          {profiles.profiles.map((profile) => (
            <tr key={profile.id}>
              <td>
                <strong>{profile.name}</strong> {profile.id === profiles.activeProfileId ? <span className="pill tone-good">{t('settings.active')}</span> : null}
              </td>
              <td className="muted">{profile.server.kind === 'local' ? t('settings.localEngine') : profile.server.baseUrl}</td>
              <td>{t(`settings.credentials.${profile.credentials}`)}</td>
              <td>
                <div className="button-row">
                  {profile.id !== profiles.activeProfileId ? (
                    <button type="button" onClick={() => void run(() => invoke('profiles.activate', { id: profile.id }))}>
                      {t('settings.activate')}
                    </button>
                  ) : null}
                  <button type="button" onClick={() => void check(profile.id)}>{t('settings.check')}</button>
                  {profile.server.kind === 'cloud' ? (
                    <button type="button" className="danger" onClick={() => void run(() => invoke('profiles.delete', { id: profile.id }))}>
                      {t('common.delete')}
                    </button>
                  ) : null}
                </div>
                {checks[profile.id] ? <span className="muted">{checks[profile.id]}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <NewProfile keychain={profiles.keychain.available} onCreate={(args) => run(() => invoke('profiles.create', args))} />
    </section>
  );
}

type CreateArgs = Parameters<typeof invoke<'profiles.create'>>[1];

function NewProfile({ keychain, onCreate }: { keychain: boolean; onCreate: (args: CreateArgs) => Promise<void> }) {
  const t = useTranslate();
  const [name, setName] = useState('');
  const [server, setServer] = useState<string>(CLOUD_SERVERS[0]);
  const [custom, setCustom] = useState('');
  const [appId, setAppId] = useState('');
  const [secret, setSecret] = useState('');
  const [signed, setSigned] = useState(false);
  const [enterprise, setEnterprise] = useState('');
  const [sessionOnly, setSessionOnly] = useState(!keychain);
  const baseUrl = server === 'custom' ? custom : server;
  return (
    <form
      className="card profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void onCreate({
          name,
          server: { kind: 'cloud', baseUrl },
          auth: signed ? 'signature' : 'headers',
          credentials: { appId, secret },
          ...(enterprise ? { enterpriseId: enterprise } : {}),
          ...(sessionOnly ? { sessionOnly } : {}),
        }).then(() => setSecret(''));
      }}
    >
      <h3>{t('settings.newProfile')}</h3>
      <label className="inline-field">
        <span>{t('settings.profileName')}</span>
        <input required value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>{t('settings.server')}</span>
        <select value={server} onChange={(event) => setServer(event.target.value)}>
          {CLOUD_SERVERS.map((url) => (
            <option key={url} value={url}>
              {url}
            </option>
          ))}
          <option value="custom">{t('settings.privateServer')}</option>
        </select>
      </label>
      {server === 'custom' ? <input required type="url" placeholder="https://" value={custom} onChange={(event) => setCustom(event.target.value)} aria-label={t('settings.privateServer')} /> : null}
      <label className="inline-field">
        <span>App ID</span>
        <input required autoComplete="off" value={appId} onChange={(event) => setAppId(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>Secret</span>
        <input required type="password" autoComplete="off" value={secret} onChange={(event) => setSecret(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>{t('settings.enterprise')}</span>
        <input value={enterprise} onChange={(event) => setEnterprise(event.target.value)} />
      </label>
      <label className="inline-field">
        <input type="checkbox" checked={signed} onChange={(event) => setSigned(event.target.checked)} />
        <span>{t('settings.signed')}</span>
      </label>
      {!keychain ? (
        <label className="inline-field">
          <input type="checkbox" checked={sessionOnly} onChange={(event) => setSessionOnly(event.target.checked)} />
          <span>{t('settings.sessionOnly')}</span>
        </label>
      ) : null}
      <button type="submit" className="primary">{t('common.create')}</button>
    </form>
  );
}
