import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@docs/platform/testing';
import { TEST_IDP_CERTIFICATE, TEST_IDP_PRIVATE_KEY } from './test-certificate';

/** Where Debian's `simplesamlphp` package puts its web root. */
export const SIMPLESAMLPHP_WWW = process.env.SIMPLESAMLPHP_WWW ?? '/usr/share/simplesamlphp/www';

export interface SimpleSamlPhpIdp {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Its entity id (the URL of its metadata). */
  entityId: string;
  /** Its SingleSignOnService (HTTP-Redirect). */
  ssoUrl: string;
  /** The certificate it signs with. */
  certificate: string;
  close(): Promise<void>;
}

export interface SimpleSamlPhpOptions {
  /** The service provider it answers: our entity id and ACS URL. */
  serviceProvider: { entityId: string; acsUrl: string };
  /** The one person of its login form (exampleauth:UserPass), with an `email` attribute. */
  user: { username: string; password: string; email: string };
}

/**
 * A real identity provider no code of ours wrote: Debian's SimpleSAMLphp (1.19) served by PHP's
 * built-in server from its packaged web root, with a configuration of its own in a temporary
 * folder (SIMPLESAMLPHP_CONFIG_DIR): a SAML 2.0 IdP signing with the test key pair, a
 * username/password login form, our service provider in its remote metadata, NameIDs in the
 * emailAddress format taken from the `email` attribute. `.ci/run` installs php-cli, php-xml and
 * simplesamlphp when missing.
 */
export async function startSimpleSamlPhp(options: SimpleSamlPhpOptions): Promise<SimpleSamlPhpIdp> {
  if (!existsSync(SIMPLESAMLPHP_WWW)) {
    throw new Error(`SimpleSAMLphp is not installed (${SIMPLESAMLPHP_WWW} is missing): apt-get install -y php-cli php-xml simplesamlphp`);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const root = mkdtempSync(join(tmpdir(), 'simplesamlphp-'));
  writeConfiguration(root, origin, options);

  const output: string[] = [];
  const php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    cwd: SIMPLESAMLPHP_WWW,
    env: { PATH: process.env.PATH, SIMPLESAMLPHP_CONFIG_DIR: join(root, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  php.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  php.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const close = async () => {
    await stop(php);
    rmSync(root, { recursive: true, force: true });
  };

  const entityId = `${origin}/saml2/idp/metadata.php`;
  try {
    await waitForMetadata(entityId, php);
  } catch (error) {
    await close();
    throw new Error(`SimpleSAMLphp did not start: ${(error as Error).message}\n${output.join('').slice(-4000)}`);
  }
  return { origin, entityId, ssoUrl: `${origin}/saml2/idp/SSOService.php`, certificate: TEST_IDP_CERTIFICATE, close };
}

function writeConfiguration(root: string, origin: string, { serviceProvider, user }: SimpleSamlPhpOptions): void {
  for (const folder of ['config', 'metadata', 'cert', 'tmp', 'data']) mkdirSync(join(root, folder));
  const path = (folder: string) => php(`${join(root, folder)}/`);
  writeFileSync(join(root, 'cert', 'idp.pem'), TEST_IDP_PRIVATE_KEY, { mode: 0o600 });
  writeFileSync(join(root, 'cert', 'idp.crt'), TEST_IDP_CERTIFICATE);
  writeFileSync(
    join(root, 'config', 'config.php'),
    `<?php
$config = [
  'baseurlpath' => ${php(`${origin}/`)},
  'certdir' => ${path('cert')},
  'loggingdir' => ${path('tmp')},
  'datadir' => ${path('data')},
  'tempdir' => ${path('tmp')},
  'metadatadir' => ${path('metadata')},
  'technicalcontact_name' => 'Tests',
  'technicalcontact_email' => 'tests@example.com',
  'secretsalt' => 'a-salt-for-tests-only-0123456789',
  'auth.adminpassword' => 'an-admin-password-nobody-uses',
  'admin.protectindexpage' => true,
  'admin.protectmetadata' => false,
  'admin.checkforupdates' => false,
  'enable.saml20-idp' => true,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
  'logging.level' => SimpleSAML\\Logger::WARNING,
  'logging.handler' => 'errorlog',
  'store.type' => 'phpsession',
  'session.phpsession.savepath' => ${path('tmp')},
  // Plain http on 127.0.0.1: a Secure or SameSite=None cookie would not come back.
  'session.cookie.secure' => false,
  'session.cookie.samesite' => null,
  'timezone' => 'UTC',
  'language.default' => 'en',
];
`,
  );
  writeFileSync(
    join(root, 'config', 'authsources.php'),
    `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'users' => [
    'exampleauth:UserPass',
    ${php(`${user.username}:${user.password}`)} => ['uid' => [${php(user.username)}], 'email' => [${php(user.email)}]],
  ],
];
`,
  );
  writeFileSync(
    join(root, 'metadata', 'saml20-idp-hosted.php'),
    `<?php
$metadata['__DYNAMIC:1__'] = ['host' => '__DEFAULT__', 'privatekey' => 'idp.pem', 'certificate' => 'idp.crt', 'auth' => 'users'];
`,
  );
  writeFileSync(
    join(root, 'metadata', 'saml20-sp-remote.php'),
    `<?php
$metadata[${php(serviceProvider.entityId)}] = [
  'AssertionConsumerService' => [['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', 'Location' => ${php(serviceProvider.acsUrl)}]],
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'simplesaml.nameidattribute' => 'email',
];
`,
  );
}

/** A PHP single-quoted string literal. */
function php(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

async function waitForMetadata(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`php exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      const text = await res.text();
      if (res.ok && text.includes('IDPSSODescriptor')) return;
      last = `${res.status}: ${text.slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered its metadata (${last})`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
