import { createServer, type Server } from 'node:net';

/** The port a listening test server took (`listen({ port: 0 })`). */
export function portOf(server: Pick<Server, 'address'>): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server is not listening on a port');
  return address.port;
}

/** A port nothing listens on now, for a test server that must know its own address before it starts. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = portOf(server);
      server.close(() => resolve(port));
    });
  });
