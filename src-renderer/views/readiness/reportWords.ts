/** The report for IT in the window's language: src-shared/readinessReport.ts's words from i18next. */
import type { TFunction } from 'i18next';
import type { ReportWords } from '../../../src-shared/readinessReport';
import { reportTime } from '../../../src-shared/readinessReport';

export function reportWords(t: TFunction, locale: string): ReportWords {
  return {
    title: t('readiness.report.title'),
    titleAllReady: t('readiness.report.titleAllReady'),
    room: (values) => t('readiness.report.room', values),
    roomById: (values) => t('readiness.report.roomById', values),
    checked: (values) => t('readiness.report.checked', values),
    counts: (values) => t('readiness.report.counts', values),
    allReady: t('readiness.report.allReady'),
    device: (values) => t('readiness.report.device', values),
    offline: t('readiness.report.offline'),
    offlineSince: (values) => t('readiness.report.offlineSince', values),
    offlineSinceAtLeast: (values) => t('readiness.report.offlineSinceAtLeast', values),
    unknown: t('readiness.report.unknown'),
    disabled: t('readiness.report.disabled'),
    no2fa: t('readiness.report.no2fa'),
    checks: t('readiness.report.checks'),
    join: (states) => states.join('; '),
    time: (iso) => reportTime(iso, locale),
  };
}
