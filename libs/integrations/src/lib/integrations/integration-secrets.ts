import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { SecretBox } from './secret-box';

/**
 * Seals integration secrets with INTEGRATION_SECRETS_KEY. The key comes from configuration, not
 * from the database, so a copy of the database alone does not reveal them. Without a key,
 * publishing secrets is refused (503) rather than storing them in a weaker way.
 */
@Injectable()
export class IntegrationSecrets {
  private readonly box?: SecretBox;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.integrationSecretsKey) this.box = new SecretBox(config.integrationSecretsKey);
  }

  seal(secrets: Record<string, string>, integrationName: string): Buffer {
    if (!this.box) {
      throw new ServiceUnavailableException('This installation cannot store integration secrets: INTEGRATION_SECRETS_KEY is not configured.');
    }
    return this.box.seal(secrets, integrationName);
  }
}
