/**
 * The rooms of one readiness run: each --classroom, then the lines of --classrooms-file (one id a
 * line, `#` starting a comment line, a nickname after a tab, as IT names the room). A file larger
 * than MAX_ROOMS_FILE_BYTES is refused before it is read whole; a bad line is named by its number,
 * and nothing is checked until every line is good (a typo must not pass as a room "not checked").
 */
import { open, readdir } from 'node:fs/promises';
import { api } from '../core/api/classTrayApi';

/** 64 KiB: a thousand rooms with long nicknames. */
export const MAX_ROOMS_FILE_BYTES = 64 * 1024;

export interface ListedRoom {
  id: string;
  /** IT's name for it, from the file; the report then names the room by it. */
  nickname?: string;
}

const idSchema = api.selectClassroom.input.shape.id;
const nicknameSchema = api.selectClassroom.input.shape.nickname.unwrap();

export type RoomList = { kind: 'rooms'; rooms: ListedRoom[] } | { kind: 'bad'; problem: string };

/** The rooms of the file's text, or the first bad lines (by number). */
export function roomsOfText(text: string, file: string): RoomList {
  const rooms: ListedRoom[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [idText = '', nicknameText, ...rest] = raw.split('\t');
    const where = `${file}, line ${String(index + 1)}`;
    const id = idSchema.safeParse(idText.trim());
    if (!id.success || rest.length > 0) {
      problems.push(`${where}: expected a classroom id, then optionally a tab and its nickname.`);
      return;
    }
    const nickname =
      nicknameText === undefined || nicknameText.trim() === ''
        ? undefined
        : nicknameSchema.safeParse(nicknameText.trim());
    if (nickname !== undefined && !nickname.success) {
      problems.push(`${where}: the nickname is not one ClassTray can show.`);
      return;
    }
    rooms.push({ id: id.data, ...(nickname === undefined ? {} : { nickname: nickname.data }) });
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 5);
    if (problems.length > shown.length) {
      shown.push(`…and ${String(problems.length - shown.length)} more bad lines.`);
    }
    return { kind: 'bad', problem: shown.join('\n') };
  }
  return { kind: 'rooms', rooms };
}

/** The rooms of a --classrooms-file, read with its size capped. */
export async function readRoomsFile(file: string): Promise<RoomList> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    return {
      kind: 'bad',
      problem: `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'bad', problem: `${file} is not a file.` };
    // One byte more than the cap: a file that grew past it since stat() still shows.
    const buffer = Buffer.alloc(MAX_ROOMS_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_ROOMS_FILE_BYTES) {
      return {
        kind: 'bad',
        problem: `${file} is larger than ${String(MAX_ROOMS_FILE_BYTES / 1024)} KiB: not a list of rooms.`,
      };
    }
    return roomsOfText(buffer.subarray(0, bytesRead).toString('utf8'), file);
  } finally {
    await handle.close();
  }
}

/** At most this many rooms from a plans folder: a school's rooms, not a folder of everything. */
export const MAX_PLANS_FOLDER_ROOMS = 2_000;

/**
 * The rooms whose seat plans a school's folder holds (policy RoomPlansFolder: `<classroomId>.json`
 * for each room), by id, sorted: IT checks every room it ships a plan for without a second list.
 * A file whose name is no classroom id is passed over; names are read, never the files.
 */
export async function readPlansFolder(folder: string): Promise<RoomList> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    return {
      kind: 'bad',
      problem: `${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    };
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(
      (id) => /^[\w.-]{1,200}$/.test(id) && !/^\.+$/.test(id) && idSchema.safeParse(id).success,
    )
    .sort();
  if (ids.length > MAX_PLANS_FOLDER_ROOMS) {
    return {
      kind: 'bad',
      problem: `${folder} holds more than ${String(MAX_PLANS_FOLDER_ROOMS)} plans: not a school's rooms.`,
    };
  }
  return { kind: 'rooms', rooms: ids.map((id) => ({ id })) };
}

/** The rooms of both, each once (the first nickname given wins), in the order given. */
export function mergeRooms(...lists: readonly (readonly ListedRoom[])[]): ListedRoom[] {
  const byId = new Map<string, ListedRoom>();
  for (const room of lists.flat()) {
    const seen = byId.get(room.id);
    if (seen === undefined) byId.set(room.id, room);
    else if (seen.nickname === undefined && room.nickname !== undefined) byId.set(room.id, room);
  }
  return [...byId.values()];
}
