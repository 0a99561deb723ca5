/**
 * The renderer bench's floor: a minimal React 19 page that renders every device of the state the
 * window is given (`window.classTray`, the bench's in-page fake) as one plain row each, without
 * virtualization, languages, a store or styles. The window's first row is measured against this
 * page's (test/bench/renderer.ts).
 */
import { createRoot } from 'react-dom/client';
import type { ClassTrayState } from '../../../src-main/core/api/classTrayApi';

const { classTray } = window as unknown as {
  classTray: { getState: () => Promise<ClassTrayState> };
};
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

void classTray.getState().then(({ classroom }) => {
  root.render(
    <div role="list">
      {classroom.devices.map((device) => (
        <div key={device.remoteId} role="listitem">
          {device.alias ?? device.remoteId} {device.remoteId}{' '}
          {device.online === null ? 'unknown' : device.online ? 'online' : 'offline'}
        </div>
      ))}
    </div>,
  );
});
