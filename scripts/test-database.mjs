// A database of its own for one run of the server's tests on PostgreSQL (`.ci/run`):
//   node scripts/test-database.mjs create <server url>   prints the new database's URL
//   node scripts/test-database.mjs drop <database url>
// The PostgreSQL suite's files share one database and add their clinics to it; a database kept from
// run to run grew with every run, and the tests that sweep every clinic (the digest, erasure) grew
// with it: 10 s -> 49 s for the digest's file between two runs an hour apart. `create` also drops
// what runs that were stopped before their `drop` left behind.
import pg from 'pg';

const prefix = 'careloop_test_run_';
const [command, url] = process.argv.slice(2);
if (!url || (command !== 'create' && command !== 'drop')) {
  console.error('usage: node scripts/test-database.mjs create <server url> | drop <database url>');
  process.exit(2);
}

/** Runs `statements` on the server's maintenance database `postgres` (never on the one dropped). */
async function onServer(serverUrl, statements) {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await statements(client);
  } finally {
    await client.end();
  }
}

if (command === 'create') {
  const name = `${prefix}${Date.now()}_${process.pid}`;
  await onServer(url, async (client) => {
    const { rows } = await client.query('select datname from pg_database where datname like $1', [
      `${prefix}%`,
    ]);
    for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  const created = new URL(url);
  created.pathname = `/${name}`;
  console.log(created.toString());
} else {
  const name = new URL(url).pathname.slice(1);
  if (!name.startsWith(prefix)) {
    console.error(`refusing to drop ${name}: not a database this script created`);
    process.exit(2);
  }
  await onServer(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
