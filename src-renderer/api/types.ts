/**
 * The renderer's one view of the core's types: everything it knows of the API comes through
 * here, as types only (the renderer never loads code from src-main). Each part of the state is
 * its feature's view, in that feature's folder.
 */
export type {
  AccessState,
  AddAccessResult,
  EndedAccessView,
  InvalidateResultView,
  TrackedAccessView,
} from '../../src-main/core/accesses/accessView';
export type { AccountView, ConnectResult } from '../../src-main/core/account/accountView';
export type {
  ActionInput,
  ClassTrayChange,
  ClassTrayState,
} from '../../src-main/core/api/classTrayApi';
export type { LogFolderView, PasswordCopy, RendererApi } from '../../src-main/core/api/hostApi';
export type { InstallationView } from '../../src-main/core/api/installationView';
export type { MadeHandover, TakenHandover } from '../../src-main/core/handover/handoverView';
export type {
  ErasedView,
  StudentDataExport,
  StudentDataView,
} from '../../src-main/core/students/studentDataView';
export type { RecentClassroom } from '../../src-main/core/classroom/classroomSettings';
export type {
  ClassroomView,
  ConnectionStatus,
  ConnectionView,
  DeviceActivity,
} from '../../src-main/core/classroom/classroomView';
export type { DeviceView } from '../../src-main/core/classroom/liveStatus';
export type {
  ScheduledEnd,
  ScheduleTarget,
} from '../../src-main/core/scheduledEnds/scheduledEndSettings';
export type {
  ScheduledEndRunView,
  ScheduledEndsView,
} from '../../src-main/core/scheduledEnds/scheduledEndsView';
export type {
  BrokenRule,
  IgnoredEntry,
  PolicyInForce,
} from '../../src-main/core/policy/policyChecker';
export type { SchoolPolicyView } from '../../src-main/core/policy/policyView';
export type { PolicyName } from '../../src-main/core/policy/policyTable';
export type { SeatPlan, Seat, PlanProblem } from '../../src-main/core/seatPlan/seatPlan';
export type { PlanImport, SeatPlanView } from '../../src-main/core/seatPlan/seatPlanView';
export type { ConnectionProblem } from '../../src-main/core/service/serviceErrors';
export type { Language, PreferencesView } from '../../src-main/core/settings/preferences';
export type {
  LessonReadiness,
  ReadinessView,
  RoomReadiness,
} from '../../src-main/core/readiness/readinessView';
export type { WeeklyLesson } from '../../src-main/core/timetable/timetableSettings';
export type {
  LessonView,
  ReadingReport,
  TimetableView,
} from '../../src-main/core/timetable/timetableView';
