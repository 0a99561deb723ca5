// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, FakeClassTray } from '../../support/fakeClassTray';
import { classTrayState } from '../../support/classTrayState';
import { expectFocusKeptOn, pressWithEnter, renderApp } from '../renderApp';
import { isolated } from '../../../src-renderer/views/bidi';

afterEach(cleanup);

describe('header', () => {
  it('lists the recent classrooms by nickname, or id', async () => {
    await renderApp(
      new FakeClassTray(
        classTrayState({
          classroom: { recent: [{ id: 'lab-1', nickname: 'Computer Lab 1' }, { id: 'music' }] },
        }),
      ),
    );
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Computer Lab 1', 'music (room ID)']);
  });

  it("names the demo's rooms in the window's language, never a name the teacher gave", async () => {
    await renderApp(
      new FakeClassTray(
        classTrayState({
          account: { mode: 'demo' },
          preferences: { language: 'de' },
          classroom: {
            id: 'room-12',
            nickname: 'Room 12',
            recent: [
              { id: 'room-12', nickname: 'Room 12' },
              { id: 'library', nickname: 'Bibliothek im 2. Stock' },
              { id: 'lab-1', nickname: 'Computer Lab 1' },
            ],
          },
          timetable: {
            now: {
              key: 'k',
              title: 'Mathe 7b',
              place: 'R12',
              classroomId: 'room-12',
              start: '2026-01-05T09:00:00.000Z',
              end: '2026-01-05T09:50:00.000Z',
              endsAccesses: false,
            },
          },
        }),
      ),
    );
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Bibliothek im 2. Stock', 'Computerraum 1', 'Raum 12']);
    expect(document.querySelector('.lesson-now')?.textContent).toMatch(/^Mathe 7b, Raum 12 · /);
  });

  it('switches classroom when another is chosen', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Classroom' }), 'Room 12');
    expect(fake.selectClassroom).toHaveBeenCalledWith({ id: 'room-12' });
  });

  it('adds a classroom by id with a nickname', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    await user.type(screen.getByLabelText('Classroom id'), 'room-7');
    await user.type(screen.getByLabelText('Nickname (optional)'), 'Art room');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(fake.selectClassroom).toHaveBeenCalledWith({ id: 'room-7', nickname: 'Art room' });
    expect(screen.queryByLabelText('Classroom id')).toBeNull();
  });

  it('puts the keyboard on the classroom picker once an added classroom opens', async () => {
    const { user } = await renderApp(new FakeClassTray());
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    await user.type(screen.getByLabelText('Classroom id'), 'room-7{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Classroom' }));
  });

  it('shows when the data was last updated', async () => {
    const lastSuccessAt = new Date(2026, 0, 5, 9, 30, 12).toISOString();
    await renderApp(new FakeClassTray(classTrayState({ connection: { lastSuccessAt } })));
    expect(screen.getByText(`Updated ${isolated('09:30:12')}`)).toBeTruthy();
  });

  it('refreshes on request', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(fake.refresh).toHaveBeenCalledOnce();
  });
});

describe('refreshing while a refresh runs', () => {
  const pressRefresh = async () => {
    const fake = new FakeClassTray();
    const running = deferred();
    fake.refresh.mockReturnValueOnce(running.promise);
    const app = await renderApp(fake);
    const button = await pressWithEnter(app.user, 'Refresh');
    const finish = () => act(async () => running.resolve(undefined));
    return { ...app, button, finish };
  };

  it('keeps the keyboard focus on Refresh', async () => {
    const { button, finish } = await pressRefresh();
    await expectFocusKeptOn(button, finish);
  });

  it('does not refresh twice for a second press', async () => {
    const { user, fake, finish } = await pressRefresh();
    await user.keyboard('{Enter} ');
    expect(fake.refresh).toHaveBeenCalledOnce();
    await finish();
    await user.keyboard('{Enter}');
    expect(fake.refresh).toHaveBeenCalledTimes(2);
  });

  it('announces Refresh as unavailable and busy until the refresh is done', async () => {
    const { button, finish } = await pressRefresh();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await finish();
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('language', () => {
  it('switches to Spanish live from settings', async () => {
    const fake = new FakeClassTray();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');
    expect(fake.updatePreferences).toHaveBeenCalledWith({ language: 'es' });
    // Spanish's sentences are a chunk of their own, loaded when chosen.
    expect(await screen.findByRole('heading', { name: 'Ajustes' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('2 de 3 en línea')).toBeTruthy();
    expect(screen.getByLabelText('Enlace o token de acceso temporal')).toBeTruthy();
  });

  it('follows the system language when set to System', async () => {
    const original = navigator.language;
    Object.defineProperty(navigator, 'language', { configurable: true, value: 'es-MX' });
    try {
      await renderApp(new FakeClassTray(classTrayState({ preferences: { language: 'system' } })));
      expect(screen.getByRole('searchbox', { name: 'Buscar alumnos y equipos' })).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'language', { configurable: true, value: original });
    }
  });
});

it('says where a classroom id comes from, beside its field', async () => {
  const { user } = await renderApp();
  await user.click(screen.getByRole('button', { name: 'Add classroom' }));
  const field = screen.getByRole('textbox', { name: 'Classroom id' });
  const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(hint?.textContent).toMatch(/classroom's address in the service/);
});

it('keeps the form and its id to fix when the service does not know the classroom', async () => {
  const fake = new FakeClassTray();
  fake.selectClassroom.mockRejectedValueOnce(
    new Error('The service has no classroom with the id "room-zz".'),
  );
  const { user } = await renderApp(fake);
  await user.click(screen.getByRole('button', { name: 'Add classroom' }));
  await user.type(screen.getByRole('textbox', { name: 'Classroom id' }), 'room-zz{Enter}');
  expect((await screen.findByRole('alert')).textContent).toMatch(/no classroom with the id/);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Classroom id' }).value).toBe(
    'room-zz',
  );
});
