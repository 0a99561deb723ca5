// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messageWithRefusal } from '../../../src-shared/refusal';
import { classTrayState } from '../../support/classTrayState';
import { FakeClassTray } from '../../support/fakeClassTray';
import { renderApp } from '../renderApp';

afterEach(cleanup);

const REFUSAL =
  'The service has no classroom with the id "room-7x". The id is the last part of the classroom\'s address in the service: check it and try again.';

const idField = () => screen.getByLabelText<HTMLInputElement>('Classroom id');
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
const selected = (field: HTMLInputElement) =>
  field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);

/** The core's refusal as a host rejects with it (src-shared/refusal.ts). */
const refusedAs = (refusal: unknown) =>
  new Error(messageWithRefusal({ message: REFUSAL, refusal: refusal as never }));

describe('a classroom id the service refuses, in the window language', () => {
  const inSpanish = () => new FakeClassTray(classTrayState({ preferences: { language: 'es' } }));

  it('says it in Spanish with the id, in the field it is about', async () => {
    const fake = inSpanish();
    fake.selectClassroom.mockRejectedValueOnce(
      refusedAs({ code: 'classroomUnknown', values: { id: 'room-7x' } }),
    );
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Añadir aula' }));
    await user.type(screen.getByLabelText('Id del aula'), 'room-7x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No funcionó: El servicio no tiene ningún aula con el id "room-7x". El id es la última parte de la dirección del aula en el servicio: compruébalo y vuelve a intentarlo.',
    );
  });

  it("falls back to the host's sentence for a code the window does not know", async () => {
    const fake = inSpanish();
    fake.selectClassroom.mockRejectedValueOnce(refusedAs({ code: 'roomOnFire', values: {} }));
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Añadir aula' }));
    await user.type(screen.getByLabelText('Id del aula'), 'room-7x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(`No funcionó: ${REFUSAL}`);
  });
});

describe('a classroom id the service refuses', () => {
  /** The window once room-7x, typed into a new classroom, was sent and refused. */
  const refusedRoom7x = async () => {
    const fake = new FakeClassTray();
    fake.selectClassroom.mockRejectedValueOnce(new Error(REFUSAL));
    const app = await renderApp(fake);
    await app.user.click(screen.getByRole('button', { name: 'Add classroom' }));
    await app.user.type(idField(), 'room-7x{Enter}');
    return app;
  };

  it('stays in the field, focused, selected and marked invalid, with the reason tied to it', async () => {
    await refusedRoom7x();
    expect((await screen.findByRole('alert')).textContent).toContain(
      "the last part of the classroom's address",
    );
    expect(idField().value).toBe('room-7x');
    expect(document.activeElement).toBe(idField());
    expect(selected(idField())).toBe('room-7x');
    expect(idField().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(idField())).toContain(`That did not work: ${REFUSAL}`);
    expect(optionNames()).toEqual(['Computer Lab 1', 'Room 12']);
  });

  it('is fixed with one edit, which opens the corrected classroom', async () => {
    const { fake, user } = await refusedRoom7x();
    await screen.findByRole('alert');

    // The id is selected: the correction is typed over it.
    await user.keyboard('room-7');
    expect(idField().getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('{Enter}');
    expect(fake.selectClassroom).toHaveBeenLastCalledWith({ id: 'room-7' });
    expect(
      await screen.findByRole('option', { name: 'room-7 (room ID)', selected: true }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Classroom id')).toBeNull();
  });

  it('goes with its form: the next form starts afresh', async () => {
    const { user } = await refusedRoom7x();
    await screen.findByRole('alert');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    expect(idField().value).toBe('');
    expect(idField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the current classroom unknown to the service', () => {
  const notFound = () =>
    new FakeClassTray(classTrayState({ connection: { status: 'classroom-not-found' } }));

  it('offers to fix the id from the banner, prefilled and selected in the switcher', async () => {
    const { user } = await renderApp(notFound());
    await user.click(screen.getByRole('button', { name: 'Fix the classroom id' }));
    expect(screen.getByRole('form', { name: 'Fix the classroom id lab-1' })).toBeTruthy();
    expect(idField().value).toBe('lab-1');
    expect(document.activeElement).toBe(idField());
    expect(selected(idField())).toBe('lab-1');
    expect(idField().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(idField())).toContain(
      // The id isolated from the sentence around it (an Arabic one, too).
      'The service does not know "\u2068lab-1\u2069". Correct the id, or remove it from the list.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Nickname (optional)').value).toBe(
      'Computer Lab 1',
    );
  });

  it('puts the corrected id in place of the unknown one, nickname and all', async () => {
    const fake = notFound();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Fix the classroom id' }));
    await user.keyboard('lab-2{Enter}');
    expect(fake.selectClassroom).toHaveBeenCalledWith({ id: 'lab-2', nickname: 'Computer Lab 1' });
    expect(fake.forgetClassroom).toHaveBeenCalledWith({ id: 'lab-1' });
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Classroom' });
    expect(picker.value).toBe('lab-2');
    expect(optionNames()).toEqual(['Computer Lab 1', 'Room 12']);
    expect(document.activeElement).toBe(picker);
  });

  it('removes the unknown classroom from the list instead, at the teacher’s word', async () => {
    const fake = notFound();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Fix the classroom id' }));
    await user.click(screen.getByRole('button', { name: 'Remove from list' }));
    expect(fake.forgetClassroom).toHaveBeenCalledExactlyOnceWith({ id: 'lab-1' });
    expect(fake.selectClassroom).not.toHaveBeenCalled();
    expect(optionNames()).toEqual(['Room 12']);
    expect(screen.queryByLabelText('Classroom id')).toBeNull();
  });

  it('claims no empty classroom for it', async () => {
    await renderApp(
      new FakeClassTray(
        classTrayState({ devices: [], connection: { status: 'classroom-not-found' } }),
      ),
    );
    expect(screen.queryByText('This classroom has no devices.')).toBeNull();
    expect(screen.getByText('No devices loaded yet.')).toBeTruthy();
  });

  it('offers no fix for a classroom the service knows', async () => {
    await renderApp(new FakeClassTray(classTrayState({ connection: { status: 'offline' } })));
    expect(screen.queryByRole('button', { name: 'Fix the classroom id' })).toBeNull();
  });
});
