import type { ConnectionView } from '../api/types';

/**
 * Whether what the window holds may no longer be true: anything but a connection that just
 * answered. Rows and the count are then shown as of the last success, muted, never as live.
 */
export const showsOldData = (connection: ConnectionView): boolean =>
  connection.status !== 'ok' && connection.status !== 'no-classroom';
