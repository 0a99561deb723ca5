/** A port on 127.0.0.1 that nothing listens on right now: where a service will come up later. */
import { createServer } from 'node:net';
import { once } from 'node:events';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  server.close();
  await once(server, 'close');
  return address.port;
}
