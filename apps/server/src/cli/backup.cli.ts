import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { makeBackup } from '../ops/backup';

// npm run backup [-- --out <file>]
// The configured database (DATABASE_URL, else DATA_DIR's embedded one, through the running server
// when there is one) into one file. The secrets key is not in it: keep it apart (docs/deploy.md).
const main = async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const config = loadConfig();
  const result = await makeBackup(config, { out: values.out });
  process.stdout.write(
    `Backup written: ${result.file} (${result.bytes} bytes, ${result.format}, made by the ${result.madeBy})\n` +
      'The secrets key is not in it. Without the key in use now, saved provider secrets cannot be read after a restore:\n' +
      (config.secretsKeyHex
        ? '  keep SECRETS_KEY in your secret manager.\n'
        : `  copy ${config.dataDir}/secrets.key somewhere other than where this backup goes.\n`),
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
