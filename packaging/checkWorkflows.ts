/**
 * `npm run lint`'s check of .github/workflows: each file against GitHub's workflow schema (as
 * action-validator carries it from SchemaStore, with its own checks of expressions and globs),
 * and each `run` step calling only npm: `npm ci`, `npm test`, or `npm run` of a script in
 * package.json, so whatever a workflow runs is also something a machine here runs by name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import yaml from 'js-yaml';
import { isEntry } from '../src-main/hosts/start';

const root = path.join(import.meta.dirname, '..');
export const WORKFLOWS_DIR = path.join(root, '.github', 'workflows');

/** action-validator nests the failed branches of a oneOf: every leaf, with where it is. */
function leaves(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const nested = 'states' in error ? (error.states ?? []).flatMap((s) => leaves(s.errors)) : [];
    if (nested.length > 0) return nested;
    const where = 'path' in error ? error.path : `line ${error.location?.line ?? '?'}`;
    return [`${where}: ${error.detail ?? error.title}`];
  });
}

const NPM_COMMAND = /^npm (?:ci|test|run ([\w:.-]+))(?:\s|$)/;

/** The `run` lines that are not npm, or name a script package.json does not have. */
function runProblems(parsed: unknown, scripts: Readonly<Record<string, string>>): string[] {
  const jobs = (parsed as { jobs?: Record<string, { steps?: { run?: unknown }[] }> }).jobs ?? {};
  const problems: string[] = [];
  for (const [job, { steps = [] }] of Object.entries(jobs)) {
    steps.forEach((step, index) => {
      if (typeof step.run !== 'string') return;
      for (const line of step.run.split('\n').map((text) => text.trim())) {
        if (line === '' || line.startsWith('#')) continue;
        const match = NPM_COMMAND.exec(line);
        if (!match) problems.push(`/jobs/${job}/steps/${index}: runs "${line}", not an npm script`);
        else if (match[1] !== undefined && !(match[1] in scripts)) {
          problems.push(`/jobs/${job}/steps/${index}: package.json has no script "${match[1]}"`);
        }
      }
    });
  }
  return problems;
}

/** What is wrong with one workflow's text; empty when nothing is. */
export function workflowProblems(
  text: string,
  scripts: Readonly<Record<string, string>>,
): string[] {
  const schema = leaves(validateWorkflow(text).errors);
  if (schema.length > 0) return schema;
  return runProblems(yaml.load(text), scripts);
}

export function checkWorkflows(dir = WORKFLOWS_DIR): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const files = fs.readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
  if (files.length === 0) return [`${dir} holds no workflow`];
  return files.flatMap((name) =>
    workflowProblems(fs.readFileSync(path.join(dir, name), 'utf8'), scripts).map(
      (problem) => `${name} ${problem}`,
    ),
  );
}

if (isEntry(import.meta.url, process.argv[1])) {
  const problems = checkWorkflows();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
  else console.log(`The workflows in ${path.relative(root, WORKFLOWS_DIR)} are valid.`);
}
