import { describe, expect, it } from 'vitest';
import { failureShown, messageWithRefusal, refusal } from '../../src-shared/refusal';

describe('a refusal carried in a rejection message', () => {
  const unknownRoom = refusal('classroomUnknown', { id: 'room-zz' });

  it('comes back out with its sentence', () => {
    const text = messageWithRefusal({ message: 'No room-zz.', refusal: unknownRoom });
    expect(failureShown(new Error(text))).toEqual({ message: 'No room-zz.', refusal: unknownRoom });
  });

  it('leaves a message without one as it is', () => {
    expect(messageWithRefusal({ message: 'No room-zz.' })).toBe('No room-zz.');
    expect(failureShown(new Error('No room-zz.'))).toEqual({ message: 'No room-zz.' });
    expect(failureShown('offline')).toEqual({ message: 'offline' });
  });

  it('is dropped, keeping the sentence, when it is not JSON or not one the window knows', () => {
    for (const carried of ['{nope', '{"code":"classroomUnknown","values":{"id":1}}', 'null']) {
      expect(failureShown(new Error(`No room-zz.\u001e${carried}`))).toEqual({
        message: 'No room-zz.',
        refusal: undefined,
      });
    }
  });
});
