/** The export says where it was written and that ClassTray's retention does not reach it (issue 55). */
import { describe, expect, it } from 'vitest';
import { studentDataExport } from '../../../src-main/core/students/studentDataExport';
import { studentNamesAt } from '../../support/studentNamesAt';

describe('the student data export', () => {
  it('says in its own words where it was written and that ClassTray never deletes it', () => {
    const now = Date.parse('2026-03-02T07:05:00.000Z');
    const names = studentNamesAt('/nowhere', now);
    const exported = studentDataExport({
      now,
      language: 'en',
      dataDir: '/home/teacher/.config/ClassTray',
      names,
      rules: { names: 'full', retentionHours: 0 },
      accesses: [],
      scheduledEnds: [],
    });
    expect(exported.fileName).toBe('classtray-student-data-2026-03-02.json');
    const document = JSON.parse(exported.text) as { thisFile: string };
    expect(document.thisFile).toBe(
      "classtray-student-data-2026-03-02.json was written where the browser saves downloads, or where the save dialog was pointed (usually the Downloads folder), not in ClassTray's data folder. It is outside ClassTray's retention: ClassTray never deletes it, nor do Forget and Erase. Delete it once the request it answers is done.",
    );
  });
});
