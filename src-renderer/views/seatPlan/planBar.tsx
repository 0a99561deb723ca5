import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { downloadJson } from '../jsonDownload';
import { planFileName, planFileText } from './planFile';

/** Arrange or Done, the file's Export and Import, and whose plan this is. */
export function PlanBar({
  classroomId,
  arranging,
  onArranging,
  announce,
}: {
  classroomId: string;
  arranging: boolean;
  onArranging: (on: boolean) => void;
  announce: (sentence: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const api = useApi();
  const view = useClassTray((data) => data.seatPlan);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useAction(() => api.shapeSeatPlan({ classroomId }));
  const exporting = useAction(async () => {
    const { text } = await api.exportSeatPlan({ classroomId });
    downloadJson(planFileName(classroomId), text);
  });
  const importing = useAction(async (file: File) => {
    let text: string | null;
    try {
      text = await planFileText(file);
    } catch {
      // Gone, or not readable by this user: the core never sees it.
      setProblem(t('seatPlan.unreadable'));
      return;
    }
    const outcome =
      text === null
        ? ({ ok: false, problem: { code: 'tooLarge' } } as const)
        : await api.importSeatPlan({ classroomId, text });
    if (!outcome.ok) {
      const line = 'line' in outcome.problem ? outcome.problem.line : 0;
      setProblem(t(`seatPlan.problem.${outcome.problem.code}`, { line: number(line) }));
      return;
    }
    setProblem(null);
    announce(
      [
        t('seatPlan.imported'),
        ...(outcome.notInRoom > 0
          ? [t('seatPlan.notInRoom', { seats: number(outcome.notInRoom) })]
          : []),
      ].join(' '),
    );
  });
  const backToSchool = useAction(() => api.resetSeatPlan({ classroomId }));
  const note = view.locked
    ? t('seatPlan.locked')
    : view.source === 'school'
      ? t('seatPlan.schoolPlan')
      : view.source === 'teacher' && view.schoolPlan
        ? t('seatPlan.schoolPlanChanged')
        : null;

  const arrange = async () => {
    // The room's first plan: the core sizes it for the room's devices.
    if (view.plan === null && !(await start.run()).ok) return;
    onArranging(true);
  };
  return (
    <div className="seat-bar">
      {arranging ? (
        <button type="button" className="button small" onClick={() => onArranging(false)}>
          {t('seatPlan.done')}
        </button>
      ) : (
        <button
          type="button"
          className="button small"
          disabled={view.locked}
          onClick={() => void arrange()}
        >
          {t('seatPlan.arrange')}
        </button>
      )}
      <button type="button" className="button small" onClick={() => void exporting.run()}>
        {t('seatPlan.exportPlan')}
      </button>
      <button
        type="button"
        className="button small"
        disabled={view.locked}
        onClick={() => fileInput.current?.click()}
      >
        {t('seatPlan.importPlan')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importing.run(file);
        }}
      />
      {note !== null && <span className="seat-source">{note}</span>}
      {view.source === 'teacher' && view.schoolPlan && !arranging && (
        <button type="button" className="button small" onClick={() => void backToSchool.run()}>
          {t('seatPlan.useSchoolPlan')}
        </button>
      )}
      <ActionError
        error={
          problem ?? start.error ?? exporting.error ?? importing.error ?? backToSchool.error ?? null
        }
      />
    </div>
  );
}
