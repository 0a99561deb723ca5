import { useTranslation } from 'react-i18next';

/** First run lands on demo data: say so, and offer the way to real data. */
export function DemoNotice(props: { onConnect: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="demo-notice">
      <p>{t('header.demoNotice')}</p>
      <button type="button" className="button primary" onClick={props.onConnect}>
        {t('header.connectAccount')}
      </button>
    </div>
  );
}
