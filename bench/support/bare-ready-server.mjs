// The limit of a start (cold-start bench): a bare Fastify process that opens the same database
// (PostgreSQL pool or PGlite folder) and answers GET /api/ready after one round trip, as the
// product's readiness check does. Plain JavaScript, so that nothing is compiled at its start either.
import Fastify from 'fastify';

const url = process.env.DATABASE_URL;
let query;
let close;
if (url) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  query = () => pool.query('select 1');
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir: `${process.env.DATA_DIR}/pglite` });
  query = () => pglite.query('select 1');
  close = () => pglite.close();
}
const app = Fastify();
app.get('/api/ready', async () => {
  await query();
  return { status: 'ready' };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
