import { loadConfig } from '../config';
import { rotateSecretsKey } from '../ops/rotate-secrets-key';

// [NEW_SECRETS_KEY=<64 hex>] npm run rotate-secrets-key
// Re-seals every saved secret under the new key in one transaction (servers stopped). The new key is
// read from the environment, never the command line, and never printed.
const main = async () => {
  const config = loadConfig();
  const result = await rotateSecretsKey(config, { newKeyHex: process.env.NEW_SECRETS_KEY || undefined });
  process.stdout.write(
    `${result.reencrypted} saved secrets re-encrypted under the new key.\n` +
      (result.keyFile
        ? `The new key is in ${result.keyFile}; the old one was kept in ${result.previousKeyFile}. Keep it as long as you keep backups made before now.\n`
        : 'Now set SECRETS_KEY to the value of NEW_SECRETS_KEY everywhere, then start the servers. Keep the old key as long as you keep backups made with it.\n'),
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`rotate-secrets-key: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
