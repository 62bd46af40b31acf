import type { Server } from 'node:http';

/** A server of the test's own, listening on a free port of this machine, and how to stop it. */
export interface LocalServer {
  url: string;
  close: () => Promise<void>;
}

/** Starts `server` on 127.0.0.1 at a port the system picks (so parallel workers never collide). */
export function listenLocally(server: Server): Promise<LocalServer> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}
