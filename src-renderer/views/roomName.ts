/**
 * A classroom as the window names it, in every region alike: the teacher's nickname; in the demo,
 * a demo room under the demo's own name in the window's language; else its id, marked as one
 * ("music (room ID)", the id first: a narrow picker cuts the end of what it shows, never the id),
 * never a bare id a teacher could take for the room's name.
 */
import type { TFunction } from 'i18next';
import {
  classroomName,
  targetNames,
  type DemoClassroomNames,
} from '../../src-shared/scheduleTarget';
import type { ClassTrayData } from '../store/classTrayStore';

type Naming = Pick<ClassTrayData, 'classroom' | 'temporalAccesses' | 'account'>;

/** The demo's room names in the window's language, while the demo school is in use. */
const demoNames = (
  data: Pick<ClassTrayData, 'account'>,
  t: TFunction,
): DemoClassroomNames | null =>
  data.account.mode === 'demo' ? t('header.demoClassrooms', { returnObjects: true }) : null;

/** The classroom's own name (the teacher's nickname, a demo room's); null when it has none. */
export function roomNickname(data: Naming, classroomId: string, t: TFunction): string | null {
  const names = targetNames({ classroomId }, data, demoNames(data, t));
  const name = 'classroom' in names ? names.classroom : classroomId;
  return name === classroomId ? null : name;
}

/** The classroom of this id, as the window names it. */
export function roomName(data: Naming, classroomId: string, t: TFunction): string {
  return roomNickname(data, classroomId, t) ?? t('header.roomById', { id: classroomId });
}

/**
 * A listed classroom (the picker's, the timetable's choices), as the window names it: in the
 * same words as everywhere else ("room-12 (room ID)"), so the picker and the lesson, the
 * readiness and the bell's question name one room alike.
 */
export function listedRoomName(
  data: Pick<ClassTrayData, 'account'>,
  classroom: { id: string; nickname?: string | undefined },
  t: TFunction,
): string {
  const name = classroomName(classroom, demoNames(data, t));
  return name === classroom.id ? t('header.roomById', { id: classroom.id }) : name;
}
