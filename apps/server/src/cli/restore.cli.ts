import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup } from '../ops/restore';

// npm run restore -- --from <file> [--replace]
// Into DATABASE_URL (best a new, empty database), else DATA_DIR's embedded database (server stopped).
const main = async () => {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, replace: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.from) {
    process.stderr.write('usage: npm run restore -- --from <backup file> [--replace]\n');
    process.exitCode = 2;
    return;
  }
  const result = await restoreBackup(loadConfig(), { from: values.from, replace: values.replace });
  const lines = [`Restored ${values.from} (${result.format}).`];
  if (result.movedAside) lines.push(`The database it replaced was moved to ${result.movedAside}.`);
  lines.push('Rows per table:');
  for (const [table, count] of Object.entries(result.counts)) lines.push(`  ${table} ${count}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!result.secrets) {
    process.stderr.write(
      'No secrets key is set (SECRETS_KEY or DATA_DIR/secrets.key): put back the key in use when the backup was made before starting.\n',
    );
    process.exitCode = 1;
  } else if (result.secrets.unreadable > 0) {
    process.stderr.write(
      `${result.secrets.unreadable} of ${result.secrets.total} saved secrets do not open with the current key: set SECRETS_KEY (or DATA_DIR/secrets.key) to the key in use when the backup was made.\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`All ${result.secrets.total} saved secrets open with the current key.\n`);
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
