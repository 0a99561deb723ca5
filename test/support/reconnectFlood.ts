/**
 * Another user flooding the preview with connections (issue 55): `loops` reconnect loops against
 * 127.0.0.1:`port`, shared out over `processes` processes (so the flood uses every core), each
 * loop opening a socket, sending what its kind sends, and opening the next one as soon as the
 * socket closes. The kinds take turns across loops: silent (sends nothing), half (half a request
 * head), anonymous (a whole request without the cookie) and hangup (connects and closes at once).
 * Each process prints "connections <n>" every 1,000 of its connections. Runs until it is killed
 * (its processes end with it: they exit when their parent's pipe closes).
 * Usage: reconnectFlood.ts <port> <loops> <processes>
 */
import { fork } from 'node:child_process';
import net from 'node:net';

const [port, loops, processes] = process.argv.slice(2, 5).map(Number) as [number, number, number];
const KINDS = ['silent', 'half', 'anonymous', 'hangup'] as const;

if (process.send === undefined) {
  for (let index = 0; index < processes; index += 1) {
    const worker = fork(process.argv[1] ?? '', [String(port), String(loops), String(processes)], {
      env: { ...process.env, FLOOD_WORKER: String(index) },
    });
    worker.on('exit', () => process.exit(1));
  }
} else {
  const worker = Number(process.env.FLOOD_WORKER);
  process.on('disconnect', () => process.exit(0));
  let connections = 0;
  const loop = (kind: (typeof KINDS)[number]): void => {
    const socket = net.connect(port, '127.0.0.1', () => {
      connections += 1;
      if (connections % 1_000 === 0) process.stdout.write(`connections ${connections}\n`);
      if (kind === 'half') socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Half: `);
      if (kind === 'anonymous') socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      if (kind === 'hangup') socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('close', () => loop(kind));
  };
  for (let index = worker; index < loops; index += processes) {
    loop(KINDS[index % KINDS.length] ?? 'silent');
  }
}
