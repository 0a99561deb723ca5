/**
 * Sockets not signed in, kept few and short-lived, so that another user of the computer cannot
 * hold the preview (issue 47): any local user can connect to 127.0.0.1, and 32 half-sent requests
 * once took every socket the preview allowed. A socket is signed in by the first request it
 * carries with the session cookie (or the launch page's key): only the teacher's browser has
 * them. Until then it is closed after `notSignedInMs`, and when `maxNotSignedIn` are open the
 * oldest of them is closed for each new one, so a new socket (the teacher's) always gets in.
 *
 * How many may wait is what keeps the teacher's new socket through a reconnect flood (issue 55):
 * each closed socket of the flood comes straight back, so a new socket lasts only as long as the
 * flood takes to bring `maxNotSignedIn` more, and the teacher's must last until its request (with
 * the cookie) is read. At 8, 200 reconnect loops (about 5,000 connections a second) gave it under
 * 2 ms, and a browser the busy computer slowed between connecting and sending lost its socket (5
 * of 40 reset in the report; every time in test/preview/flood.test.ts). With more allowed to wait
 * than the flood has loops, none is closed early and the flood stalls on its own sockets; with
 * more loops, the teacher's socket still outlasts hundreds of the flood's.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardLimits {
  /** How many sockets may wait to be signed in at once; past it the oldest is closed. */
  maxNotSignedIn: number;
  /** How long a socket may wait to be signed in before it is closed. */
  notSignedInMs: number;
}

export interface ConnectionGuard {
  /** The socket carried a signed-in request: it is the teacher's, and no longer timed. */
  signedIn(socket: Socket): void;
}

export function guardConnections(server: Server, limits: ConnectionGuardLimits): ConnectionGuard {
  /** The sockets waiting, oldest first (a Map keeps its insertion order), with their timers. */
  const waiting = new Map<Socket, NodeJS.Timeout>();
  const forget = (socket: Socket): void => {
    clearTimeout(waiting.get(socket));
    waiting.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    for (const oldest of waiting.keys()) {
      if (waiting.size < limits.maxNotSignedIn) break;
      forget(oldest);
      oldest.destroy();
    }
    const timer = setTimeout(() => {
      forget(socket);
      socket.destroy();
    }, limits.notSignedInMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => forget(socket));
  });
  return { signedIn: forget };
}
