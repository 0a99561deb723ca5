/**
 * Another user's connections arriving in one go (issue 55): on each SIGUSR2, `count` sockets to
 * 127.0.0.1:`port` that send nothing; prints "burst <n>" once the n-th burst is connected. Runs
 * until it is killed.
 * Usage: connectionBurst.ts <port> <count>
 */
import net from 'node:net';

const [port, count] = process.argv.slice(2, 4).map(Number) as [number, number];
let bursts = 0;

process.on('SIGUSR2', () => {
  let connected = 0;
  const burst = (bursts += 1);
  for (let index = 0; index < count; index += 1) {
    const socket = net.connect(port, '127.0.0.1', () => {
      connected += 1;
      if (connected === count) process.stdout.write(`burst ${burst}\n`);
    });
    socket.on('error', () => undefined);
  }
});
// Waits for signals until it is killed.
setInterval(() => undefined, 3_600_000);
process.stdout.write('ready\n');
