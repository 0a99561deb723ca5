// @vitest-environment happy-dom
/**
 * The seat plan in the window, over the fake core: arranged by keyboard with each move said and
 * the last one undone, a device that left the room greyed on its seat, a school's locked plan
 * only shown, and an import refused with its line (a file too large never read).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeatPlan } from '../../../src-main/core/seatPlan/seatPlan';
import { classTrayState, device } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const room = (seatPlan: NonNullable<Parameters<typeof classTrayState>[0]>['seatPlan'] = {}) =>
  new FakeClassTray(
    classTrayState({
      devices: [1, 2, 3, 4].map((n) => device(n, { alias: `R12-PC0${n}` })),
      preferences: { compactView: true },
      seatPlan,
    }),
  );
const said = () => document.querySelector('.seat-announcer')?.textContent;
const plan = (seats: SeatPlan['seats']): SeatPlan => ({
  seatPlan: 1,
  rows: 1,
  columns: 4,
  front: 'top',
  seats,
});

describe('arranging', () => {
  it('places a device by keyboard, says so, and undoes the move', async () => {
    const { fake, user } = await renderApp(room());
    await user.click(screen.getByRole('button', { name: 'Arrange' }));
    expect(fake.shapeSeatPlan).toHaveBeenCalledWith({ classroomId: 'lab-1' });
    const grid = await screen.findByRole('grid', { name: 'Room plan' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(4);

    // Tab to the strip: its first device, by name.
    const first = screen.getByRole('button', { name: /^R12-PC01/ });
    for (let tab = 0; tab < 30 && document.activeElement !== first; tab++) await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(said()).toBe('R12-PC01 picked up: choose a seat with the arrow keys, then press Enter.');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(fake.placeDevice).toHaveBeenLastCalledWith({
      classroomId: 'lab-1',
      remoteId: device(1).remoteId,
      seat: { row: 1, column: 3 },
    });
    expect(said()).toBe('R12-PC01 moved to row 1, seat 3.');
    const seat = grid.querySelector('[data-row="1"][data-column="3"]');
    expect(seat?.getAttribute('data-remote-id')).toBe(device(1).remoteId);
    expect(seat?.textContent).toContain('Row 1, seat 3: R12-PC01, Online');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fake.placeDevice).toHaveBeenLastCalledWith({
      classroomId: 'lab-1',
      remoteId: device(1).remoteId,
      seat: null,
    });
    expect(said()).toBe('Last move undone. R12-PC01 moved to Not placed.');
    expect(grid.querySelector('[data-remote-id]')).toBeNull();
  });

  it('says the device a move sends back to Not placed, and undoes every move with the focus on Undo', async () => {
    const { user } = await renderApp(room());
    await user.click(screen.getByRole('button', { name: 'Arrange' }));
    const grid = await screen.findByRole('grid', { name: 'Room plan' });
    const strip = screen.getByRole('region', { name: 'Not placed' });
    const seated = () =>
      [1, 2, 3, 4].map(
        (column) =>
          grid
            .querySelector(`[data-row="1"][data-column="${column}"]`)
            ?.getAttribute('data-remote-id') ?? null,
      );
    /** The strip's device by name, picked up and carried by the arrows, then dropped. */
    const placeFromStrip = async (name: string, keys: string) => {
      within(strip)
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .focus();
      await user.keyboard(`{Enter}${keys}{Enter}`);
    };
    await placeFromStrip('R12-PC01', '');
    expect(said()).toBe('R12-PC01 moved to row 1, seat 1.');
    await placeFromStrip('R12-PC02', '');
    expect(said()).toBe('R12-PC02 moved to row 1, seat 2.');
    // Onto R12-PC01's seat: it goes to Not placed, and that is said too.
    await placeFromStrip('R12-PC03', '{ArrowLeft}{ArrowLeft}');
    expect(said()).toBe('R12-PC03 moved to row 1, seat 1. R12-PC01 moved to Not placed.');
    expect(seated()).toEqual([device(3).remoteId, device(2).remoteId, null, null]);

    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    expect(said()).toBe(
      'Last move undone. R12-PC03 moved to Not placed. R12-PC01 moved to row 1, seat 1.',
    );
    expect(seated()).toEqual([device(1).remoteId, device(2).remoteId, null, null]);
    await user.click(undo);
    await user.click(undo);
    expect(seated()).toEqual([null, null, null, null]);
    // Nothing left to undo: said unavailable, yet still focused, never the page.
    expect(undo.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(undo);
    await user.click(undo);
    expect(seated()).toEqual([null, null, null, null]);
  });

  it('keeps at least twenty moves to undo', async () => {
    const { fake, user } = await renderApp(room());
    await user.click(screen.getByRole('button', { name: 'Arrange' }));
    const strip = screen.getByRole('region', { name: 'Not placed' });
    // One device carried back and forth between two seats, 24 times.
    within(strip)
      .getByRole('button', { name: /^R12-PC01/ })
      .focus();
    await user.keyboard('{Enter}{Enter}');
    for (let move = 1; move < 24; move++) {
      await user.keyboard(
        move % 2 === 1 ? '{Enter}{ArrowRight}{Enter}' : '{Enter}{ArrowLeft}{Enter}',
      );
    }
    const moves = fake.placeDevice.mock.calls.length;
    expect(moves).toBe(24);
    const undo = screen.getByRole('button', { name: 'Undo' });
    for (let step = 0; step < 24; step++) await user.click(undo);
    expect(fake.placeDevice.mock.calls.length - moves).toBe(24);
    const grid = screen.getByRole('grid', { name: 'Room plan' });
    expect(grid.querySelector('[data-remote-id]')).toBeNull();
  });

  it('makes the Not placed strip one Tab stop, moved along by the arrows, Home and End', async () => {
    const { user } = await renderApp(room());
    await user.click(screen.getByRole('button', { name: 'Arrange' }));
    const strip = screen.getByRole('region', { name: 'Not placed' });
    const buttons = () => [...strip.querySelectorAll<HTMLButtonElement>('button')];
    const stops = () => buttons().filter((button) => button.tabIndex === 0);
    expect(buttons()).toHaveLength(4);
    expect(stops().map((button) => button.textContent)).toEqual(['R12-PC01']);
    stops()[0]?.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('R12-PC03');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('R12-PC04');
    await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('R12-PC02');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('R12-PC01');
    // The Tab stop follows the focus: Shift+Tab away and back comes to the same device.
    await user.keyboard('{ArrowRight}');
    expect(stops().map((button) => button.textContent)).toEqual(['R12-PC02']);
    // Placed, the device leaves the strip; its first device is the stop again.
    await user.keyboard('{Enter}{Enter}');
    expect(buttons().map((button) => button.textContent)).toEqual([
      'R12-PC01',
      'R12-PC03',
      'R12-PC04',
    ]);
    expect(stops().map((button) => button.textContent)).toEqual(['R12-PC01']);
    // Right to left (an Arabic window), Left goes on to the next device.
    const list = strip.querySelector('ul');
    if (list) list.style.direction = 'rtl';
    stops()[0]?.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('R12-PC03');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('R12-PC01');
  });

  it('keeps the seat of a device that left the room, greyed, and says so once', async () => {
    await renderApp(
      room({
        plan: plan([
          { row: 1, column: 1, remoteId: device(1).remoteId },
          { row: 1, column: 4, remoteId: '999', name: 'R12-PC99' },
        ]),
        source: 'teacher',
      }),
    );
    const left = document.querySelector('[data-remote-id="999"]');
    // The room's shared prefix dropped, as on every seat.
    expect(left?.querySelector('.seat-device.left')?.textContent).toBe('PC99');
    expect(left?.textContent).toContain('R12-PC99, no longer in this room');
    expect(screen.getAllByText(/Seats naming a device this room does not have/)).toHaveLength(1);
    // The three devices without a seat wait in Not placed.
    expect(
      screen.getByRole('region', { name: 'Not placed' }).querySelectorAll('button'),
    ).toHaveLength(3);
  });

  it('dims the seats a search leaves out, where they sit', async () => {
    const { user } = await renderApp(
      room({
        plan: plan([1, 2, 3, 4].map((n) => ({ row: 1, column: n, remoteId: device(n).remoteId }))),
        source: 'teacher',
      }),
    );
    const dimmed = () =>
      [...document.querySelectorAll<HTMLElement>('.seat.dimmed')].map(
        (seat) => seat.dataset.column,
      );
    expect(dimmed()).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'PC03');
    expect(dimmed()).toEqual(['1', '2', '4']);
  });

  it("only shows a school's locked plan", async () => {
    await renderApp(
      room({
        plan: plan([{ row: 1, column: 1, remoteId: device(1).remoteId }]),
        source: 'school',
        schoolPlan: true,
        locked: true,
      }),
    );
    expect(screen.getByRole('button', { name: 'Arrange' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Import plan' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("Your school's plan, set by your school")).toBeTruthy();
  });
});

describe('importing', () => {
  const input = () => document.querySelector<HTMLInputElement>('.seat-bar input[type="file"]');

  it('refuses a broken file with its line, and one too large without reading it', async () => {
    const { fake, user } = await renderApp(room());
    const fileInput = input();
    if (!fileInput) throw new Error('no file input');
    const broken = '{\n  "seatPlan": 1,\n  "rows": 4\n  "columns": 6\n}';
    await user.upload(fileInput, new File([broken], 'room.json', { type: 'application/json' }));
    expect(
      await screen.findByText(/Line 4 is not valid JSON: nothing was imported\./),
    ).toBeTruthy();
    expect(fake.importSeatPlan).toHaveBeenCalledTimes(1);

    const large = new File(['x'], 'large.json', { type: 'application/json' });
    Object.defineProperty(large, 'size', { value: 1024 * 1024 + 1 });
    Object.defineProperty(large, 'text', {
      value: () => Promise.reject(new Error('a file too large is never read')),
    });
    await user.upload(fileInput, large);
    expect(await screen.findByText(/larger than 1 MiB/)).toBeTruthy();
    expect(fake.importSeatPlan).toHaveBeenCalledTimes(1);

    const gone = new File(['{}'], 'gone.json', { type: 'application/json' });
    Object.defineProperty(gone, 'text', { value: () => Promise.reject(new Error('gone')) });
    await user.upload(fileInput, gone);
    expect(
      await screen.findByText(/The file could not be read: nothing was imported\./),
    ).toBeTruthy();
    expect(fake.importSeatPlan).toHaveBeenCalledTimes(1);
  });
});
