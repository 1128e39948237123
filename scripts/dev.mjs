// `npm run dev`: the server from its TypeScript sources, restarted on change (tsx watch), and the web
// app from Vite's dev server with hot reload, which proxies /api and /sandbox to the server. Open
// http://localhost:5173. Links the server writes (e-mails, webhook URLs) point there too.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webUrl = process.env.DEV_WEB_URL ?? 'http://localhost:5173';
const serverPort = process.env.PORT ?? '3000';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PUBLIC_URL: webUrl, PORT: serverPort, ...process.env },
  }),
  spawn(
    'npm',
    ['run', 'dev', '-w', 'apps/web', '--', '--port', new URL(webUrl).port || '5173', '--strictPort'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { CARELOOP_API_URL: `http://localhost:${serverPort}`, ...process.env },
    },
  ),
];

const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    // One half gone leaves nothing useful running: stop the other and report the first exit.
    stop('SIGTERM');
    process.exitCode ??= code ?? 1;
  });
}
