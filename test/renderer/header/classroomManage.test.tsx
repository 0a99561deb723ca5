// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState } from '../../support/classTrayState';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('renaming and removing a classroom', () => {
  it('starts the form with the current nickname', async () => {
    const { user } = await renderApp();
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    const form = screen.getByRole('form', { name: 'Rename or remove Computer Lab 1' });
    expect(form).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveProperty(
      'value',
      'Computer Lab 1',
    );
  });

  it('renames the current classroom and shows the new nickname in the picker', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    const nickname = screen.getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'Lab A');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(fake.renameClassroom).toHaveBeenCalledWith({ id: 'lab-1', nickname: 'Lab A' });
    expect(await screen.findByRole('option', { name: 'Lab A', selected: true })).toBeTruthy();
    expect(optionNames()).toEqual(['Lab A', 'Room 12']);
    expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull();
  });

  it('sends null when the nickname is cleared, and the picker shows the id', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    await user.clear(screen.getByRole('textbox', { name: 'Nickname' }));
    await user.keyboard('{Enter}');
    expect(fake.renameClassroom).toHaveBeenCalledWith({ id: 'lab-1', nickname: null });
    expect(
      await screen.findByRole('option', { name: 'lab-1 (room ID)', selected: true }),
    ).toBeTruthy();
  });

  it('removes the current classroom from the list and opens the first one left', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    await user.click(screen.getByRole('button', { name: 'Remove from list' }));
    expect(fake.forgetClassroom).toHaveBeenCalledWith({ id: 'lab-1' });
    expect(await screen.findByRole('option', { name: 'Room 12', selected: true })).toBeTruthy();
    expect(optionNames()).toEqual(['Room 12']);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Classroom' }));
  });

  it('renames once for two presses of Rename, which keeps the focus meanwhile', async () => {
    const fake = new FakeClassTray();
    const renaming = deferred();
    fake.renameClassroom.mockReturnValueOnce(renaming.promise);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    const rename = screen.getByRole('button', { name: 'Rename' });
    await user.dblClick(rename);
    expect(fake.renameClassroom).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(rename);
    expect(rename.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Remove from list' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await act(async () => renaming.resolve(undefined));
  });

  it('shows why a rename failed and keeps the form open', async () => {
    const fake = new FakeClassTray();
    fake.renameClassroom.mockRejectedValueOnce(new Error('settings are read-only'));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), ' B{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work: settings are read-only',
    );
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toBeTruthy();
  });

  it('shows why a removal failed', async () => {
    const fake = new FakeClassTray();
    fake.forgetClassroom.mockRejectedValueOnce(new Error('settings are read-only'));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Rename or remove classroom' }));
    await user.click(screen.getByRole('button', { name: 'Remove from list' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work: settings are read-only',
    );
    expect(optionNames()).toEqual(['Computer Lab 1', 'Room 12']);
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    const toggle = screen.getByRole('button', { name: 'Rename or remove classroom' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Nickname' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(fake.renameClassroom).not.toHaveBeenCalled();
  });

  it('offers no renaming or removal while no classroom is chosen', async () => {
    await renderApp(new FakeClassTray(classTrayState({ classroom: { id: null, nickname: null } })));
    expect(screen.queryByRole('button', { name: 'Rename or remove classroom' })).toBeNull();
  });
});

describe('adding a classroom while it opens', () => {
  it('opens once for two presses of Open, which keeps the focus meanwhile', async () => {
    const fake = new FakeClassTray();
    const opening = deferred();
    fake.selectClassroom.mockReturnValueOnce(opening.promise);
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    await user.type(screen.getByLabelText('Classroom id'), 'room-7');
    const open = screen.getByRole('button', { name: 'Open' });
    await user.dblClick(open);
    await user.type(screen.getByLabelText('Classroom id'), '{Enter}');
    expect(fake.selectClassroom).toHaveBeenCalledExactlyOnceWith({ id: 'room-7' });
    expect(open.getAttribute('aria-disabled')).toBe('true');
    await act(async () => opening.resolve(undefined));
    expect(screen.queryByLabelText('Classroom id')).toBeNull();
  });
});

describe('the classroom picker', () => {
  // Recent use puts Room 12 first: the picker still lists by name.
  const recentFirst = () =>
    new FakeClassTray(
      classTrayState({
        classroom: {
          id: 'room-12',
          recent: [
            { id: 'room-12', nickname: 'Room 12' },
            { id: 'lab-2', nickname: 'Computer Lab 2' },
            { id: 'lab-1', nickname: 'Computer Lab 1' },
          ],
        },
      }),
    );
  const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Classroom' });
  /** An arrow key up on the closed picker, which Chromium answers by changing its value. */
  const arrowUpTo = (value: string) => {
    fireEvent.keyDown(picker(), { key: 'ArrowUp' });
    fireEvent.change(picker(), { target: { value } });
  };

  it('lists the classrooms by name, not by recent use, the open one marked', async () => {
    await renderApp(recentFirst());
    expect(optionNames()).toEqual(['Computer Lab 1', 'Computer Lab 2', 'Room 12']);
    const marked = screen.getAllByRole('option').filter((option) => option.className === 'current');
    expect(marked.map((option) => option.textContent)).toEqual(['Room 12']);
  });

  it('walks with the arrow keys without opening each room, and opens the choice on Enter', async () => {
    const fake = recentFirst();
    await renderApp(fake);
    // Chromium changes a closed select's value on each arrow key, as these events do.
    arrowUpTo('lab-2');
    arrowUpTo('lab-1');
    expect(fake.selectClassroom).not.toHaveBeenCalled();
    expect(picker().value).toBe('lab-1');
    fireEvent.keyDown(picker(), { key: 'Enter' });
    expect(fake.selectClassroom).toHaveBeenCalledExactlyOnceWith({ id: 'lab-1' });
  });

  it('opens the choice the arrows reached when the picker loses the focus, and none after Esc', async () => {
    const fake = recentFirst();
    await renderApp(fake);
    arrowUpTo('lab-2');
    fireEvent.keyDown(picker(), { key: 'Escape' });
    expect(picker().value).toBe('room-12');
    fireEvent.blur(picker());
    expect(fake.selectClassroom).not.toHaveBeenCalled();
    arrowUpTo('lab-2');
    fireEvent.blur(picker());
    expect(fake.selectClassroom).toHaveBeenCalledExactlyOnceWith({ id: 'lab-2' });
  });
});
