/**
 * The renderer's one view of the core's types: everything it knows of the API comes through
 * here, as types only (the renderer never loads code from src-main).
 */
import type * as api from '../../src-main/core/api/classTrayApi';

export type AccessState = api.AccessState;
export type AccountView = api.AccountView;
export type AddAccessResult = api.AddAccessResult;
export type ClassTrayChange = api.ClassTrayChange;
export type ClassTrayState = api.ClassTrayState;
export type ClassroomView = api.ClassroomView;
export type ConnectResult = api.ConnectResult;
export type ConnectionProblem = api.ConnectionProblem;
export type ConnectionStatus = api.ConnectionStatus;
export type ConnectionView = api.ConnectionView;
export type DeviceActivity = api.DeviceActivity;
export type DeviceView = api.DeviceView;
export type EndedAccessView = api.EndedAccessView;
export type InstallationView = api.InstallationView;
export type InvalidateResultView = api.InvalidateResultView;
export type LogFolderView = api.LogFolderView;
export type PasswordCopy = api.PasswordCopy;
export type PolicyName = api.AccountView['setBySchool'][number];
export type PreferencesView = api.PreferencesView;
export type RendererApi = api.RendererApi;
export type ScheduledEnd = api.ScheduledEnd;
export type ScheduledEndRunView = api.ScheduledEndRunView;
export type ScheduleTarget = api.ScheduleTarget;
export type ScheduleView = api.ScheduleView;
export type SchoolPolicyView = api.SchoolPolicyView;
export type PolicyInForce = api.PolicyInForce;
export type IgnoredEntry = api.IgnoredEntry;
export type BrokenRule = api.BrokenRule;
export type TrackedAccessView = api.TrackedAccessView;
export type TimetableView = api.TimetableView;
export type LessonView = api.LessonView;
export type ReadingReport = api.ReadingReport;
export type WeeklyLesson = api.WeeklyLesson;
export type ActionInput<Name extends api.ApiAction> = api.ActionInput<Name>;
export type Language = api.Language;
export type RecentClassroom = api.RecentClassroom;
