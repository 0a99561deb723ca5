/**
 * Settings' "Set by your school", as a browser's policy page: each policy the school's IT set that
 * is in force (its name in the teacher's language, its value, locked or a default, and from which
 * file or registry key), and each entry the last read ignored, with why. The core sends reasons as
 * codes, so they are said in the teacher's language; nothing of an ignored entry but its key is
 * shown, and no value in force is a secret (the core never makes one a policy).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BrokenRule, IgnoredEntry, PolicyInForce } from '../../api/types';
import { useClassTray } from '../../store/context';

type WhyT = (key: `policyPage.why.${IgnoredEntry['why']['code']}`, values: object) => string;

export function SchoolPolicyPage() {
  const { t } = useTranslation();
  const { inForce, ignored } = useClassTray((data) => data.schoolPolicy);
  const headingId = useId();
  const inForceId = useId();
  const ignoredId = useId();
  return (
    <div className="settings-group school-policy" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('policyPage.heading')}</h3>
      <p>
        {inForce.length === 0 && ignored.length === 0
          ? t('policyPage.nothing')
          : t('policyPage.intro')}
      </p>
      {inForce.length > 0 && (
        <>
          <h4 id={inForceId}>{t('policyPage.inForce')}</h4>
          <ul className="policy-list" aria-labelledby={inForceId}>
            {inForce.map((policy) => (
              <li key={`${policy.how}-${policy.name}`}>
                <span className="policy-name">{t(`schoolPolicies.${policy.name}.title`)}</span>
                <bdi className="policy-value">{shownValue(policy, t)}</bdi>
                <span className="policy-how">
                  {policy.how === 'locked' ? t('policyPage.locked') : t('policyPage.default')}
                </span>
                <Source source={policy.source} />
              </li>
            ))}
          </ul>
        </>
      )}
      {ignored.length > 0 && (
        <>
          <h4 id={ignoredId}>{t('policyPage.ignored')}</h4>
          <ul className="policy-list" aria-labelledby={ignoredId}>
            {ignored.map((entry, index) => (
              <li key={index}>
                <IgnoredLine entry={entry} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** A value as the teacher reads it: a switch in words, a number or text as it is. */
function shownValue({ value }: PolicyInForce, t: TFunction): string {
  if (typeof value === 'boolean') return value ? t('policyPage.on') : t('policyPage.off');
  return String(value);
}

function Source(props: { source: string }) {
  const { t } = useTranslation();
  return (
    <span className="policy-source">
      {/* Isolated, so a path keeps its order inside a right-to-left sentence. */}
      {t('policyPage.from', { source: `\u2068${props.source}\u2069` })}
    </span>
  );
}

/** "<key> is not a ClassTray policy.", from where, and the rule a value broke. */
function IgnoredLine({ entry }: { entry: IgnoredEntry }) {
  const { t } = useTranslation();
  const { why } = entry;
  // A reason's values are named as its sentence names them (error, kib, exit, type, expected).
  const reason = (t as WhyT)(`policyPage.why.${why.code}`, why);
  const kept = entry.keptLastGood === true ? ` (${t('policyPage.keptLastGood')})` : '';
  return (
    <>
      <span>
        <bdi className="policy-key">{entry.name ?? entry.source}</bdi> {reason}
        {kept}.
      </span>
      {why.code === 'breaksRule' && (
        <span className="policy-rule">{ruleSentence(why.rule, t)}</span>
      )}
      {entry.name !== undefined && <Source source={entry.source} />}
    </>
  );
}

/** The rule in the teacher's language: an address's refusal, a range, a switch, the choices. */
function ruleSentence(rule: BrokenRule, t: TFunction): string {
  switch (rule.kind) {
    case 'address':
      return t(`refusals.${rule.problem}`);
    case 'integer':
      return t('policyPage.rule.integer', { min: String(rule.min), max: String(rule.max) });
    case 'boolean':
      return t('policyPage.rule.boolean');
    case 'choice':
      return t('policyPage.rule.choice', { choices: rule.choices.join(', ') });
    case 'string':
      // A text's rule is the key's own line: what it takes.
      return t(`schoolPolicies.${rule.policy}.explain`);
  }
}
