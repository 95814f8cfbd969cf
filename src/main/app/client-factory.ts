import { DocketClient, type RetryOptions } from '../core/api/index.js';
import type { EngineHost } from '../core/engine-host/index.js';
import type { ProfileService } from '../core/profiles/index.js';

/** API clients for a profile: the local engine's current origin, or the profile's server. */
export class ClientFactory {
  constructor(
    private readonly profiles: ProfileService,
    private readonly engine: EngineHost,
  ) {}

  async forProfile(id: string, options: { retry?: Partial<RetryOptions> } = {}): Promise<DocketClient> {
    const { profile, credentials } = await this.profiles.connection(id);
    const baseUrl = profile.server.kind === 'local' ? await this.engine.start() : profile.server.baseUrl;
    return new DocketClient({
      baseUrl,
      credentials: { ...credentials, mode: profile.auth },
      enterpriseId: profile.enterpriseId,
      retry: options.retry,
    });
  }

  forActive(): Promise<DocketClient> {
    return this.forProfile(this.profiles.active().id);
  }

  /** The origin the active profile's requests go to (the engine's while it is the local one). */
  activeOrigin(): string | undefined {
    const { server } = this.profiles.active();
    return server.kind === 'local' ? this.engine.status().origin : server.baseUrl;
  }
}
