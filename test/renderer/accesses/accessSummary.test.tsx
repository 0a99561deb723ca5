// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState, device, trackedAccess } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const ended = { kind: 'already-ended' as const, learnedAt: new Date().toISOString() };

const lab = () =>
  new FakeClassTray(
    classTrayState({
      devices: [device(1), device(2), device(3)],
      temporalAccesses: [
        trackedAccess({ token: 'running-1', remoteId: '100000001', studentName: 'Ana' }),
        trackedAccess({ token: 'running-2', remoteId: '100000002', studentName: 'Luis' }),
        trackedAccess({ token: 'ended-3', remoteId: '100000003', state: ended }),
      ],
    }),
  );

describe('the accesses summary line', () => {
  it('counts the running accesses only, offers End all, and keeps the cards folded', async () => {
    await renderApp(lab());
    const toggle = screen.getByRole('button', { name: 'Temporal accesses 2 running' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      screen.getByRole('button', { name: 'End all accesses in this classroom' }).textContent,
    ).toBe('End all');
    expect(screen.queryByRole('list', { name: 'In this classroom' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Temporal access link or token' })).toBeNull();
  });

  it("counts this classroom's running accesses, and other classrooms' apart", async () => {
    const fake = new FakeClassTray(
      classTrayState({
        devices: [device(1)],
        temporalAccesses: [
          trackedAccess({ token: 'here-1', remoteId: '100000001', studentName: 'Ana' }),
          trackedAccess({ token: 'lab-2', remoteId: '200000002', classroomId: 'lab-2' }),
          trackedAccess({ token: 'lab-3', remoteId: '200000003', classroomId: 'lab-2' }),
          trackedAccess({ token: 'unknown-4', remoteId: '300000004', classroomId: null }),
        ],
      }),
    );
    await renderApp(fake);
    screen.getByRole('button', { name: 'Temporal accesses 1 running +3 in other classrooms' });
  });

  it('opens and folds the cards and the paste box', async () => {
    const { user } = await renderApp(lab());
    const toggle = screen.getByRole('button', { name: 'Temporal accesses 2 running' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'In this classroom' }).children).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Temporal access link or token' })).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByRole('list', { name: 'In this classroom' })).toBeNull();
  });

  it("opens on a row's Add access, the student's name focused", async () => {
    const fake = new FakeClassTray(classTrayState({ devices: [device(1)] }));
    const { user } = await renderApp(fake);
    const toggle = screen.getByRole('button', { name: 'Temporal accesses' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Add access for LAB-PC01' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Student (optional)' }),
    );
  });
});
